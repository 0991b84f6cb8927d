import type { KanbanResponse, Tag, Ticket } from '@atendo/contracts';
import { api } from '../../api/client';

export const kanbanApi = {
  /** The company's kanban tags, each a lane (spec: GET /tags/kanban answers `{lista}`). */
  lanes: async () => (await api.get<{ lista: Tag[] }>('/tags/kanban')).lista,
  /** The open and pending tickets the user sees (the server decides: admins all, others their queues'), with tags. */
  tickets: async () => (await api.get<KanbanResponse>('/ticket/kanban')).tickets,
  /** Takes every tag off the ticket (spec: moving a card removes the ticket's current tag…). */
  untag: (ticketId: number) => api.delete<{ tags: Ticket['tags'] }>(`/ticket-tags/${ticketId}`),
  /** …then adds the target lane's tag. */
  tag: (ticketId: number, tagId: number) => api.put<{ tags: Ticket['tags'] }>(`/ticket-tags/${ticketId}/${tagId}`),
};
