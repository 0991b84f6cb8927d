import type {
  ListMessagesResponse,
  ListTicketsResponse,
  Message,
  SendMessageRequest,
  Ticket,
  TicketStatus,
  UpdateTicketRequest,
} from '@atendo/contracts';
import { api } from '../../api/client';
import { mediaForm, type MediaDraft } from './mediaFiles';

export interface TicketListQuery {
  status?: TicketStatus;
  searchParam?: string;
  showAll: boolean;
}

export const ticketsApi = {
  list: (query: TicketListQuery, pageNumber: number) => api.get<ListTicketsResponse>('/tickets', { ...query, pageNumber }),
  byUuid: (uuid: string) => api.get<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`),
  update: (ticketId: number, change: UpdateTicketRequest) => api.put<Ticket>(`/tickets/${ticketId}`, change),
  remove: (ticketId: number) => api.delete<unknown>(`/tickets/${ticketId}`),
  messages: (ticketId: number, pageNumber: number) => api.get<ListMessagesResponse>(`/messages/${ticketId}`, { pageNumber }),
  /** The same key again (a retry) gives the same message, never a second one. */
  send: (ticketId: number, message: SendMessageRequest, idempotencyKey: string) =>
    api.post<Message>(`/messages/${ticketId}`, message, { 'Idempotency-Key': idempotencyKey }),
  /** Files with an optional caption (multipart `medias`, `body`; `voice` for a recorded voice note). */
  sendMedia: (ticketId: number, draft: MediaDraft, idempotencyKey: string) =>
    api.post<unknown>(`/messages/${ticketId}`, mediaForm(draft), { 'Idempotency-Key': idempotencyKey }),
};
