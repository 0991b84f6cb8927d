import type { InferType } from 'yup';
import type {
  ListMessagesResponse,
  ListTicketsResponse,
  Message,
  SendMessageRequest,
  Ticket,
  TicketStatus,
  UpdateTicketRequest,
  newTicketSchema,
} from '@atendo/contracts';
import { api } from '../../api/client';
import { mediaForm, type MediaDraft } from '../../ui/mediaFiles';

export interface TicketListQuery {
  status?: TicketStatus;
  searchParam?: string;
  showAll: boolean;
}

/** POST /tickets: a conversation started with a known contact. */
export type NewTicketRequest = InferType<typeof newTicketSchema>;

export const ticketsApi = {
  list: (query: TicketListQuery, pageNumber: number, cursor?: string) => api.get<ListTicketsResponse>('/tickets', { ...query, pageNumber, ...(cursor ? { cursor } : {}) }),
  byUuid: (uuid: string) => api.get<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`),
  create: (ticket: NewTicketRequest) => api.post<Ticket>('/tickets', ticket),
  update: (ticketId: number, change: UpdateTicketRequest) => api.put<Ticket>(`/tickets/${ticketId}`, change),
  remove: (ticketId: number) => api.delete<unknown>(`/tickets/${ticketId}`),
  /** Page 1, or the older page after `cursor` (the `next` of the page before). */
  messages: (ticketId: number, pageNumber: number, cursor?: string) => api.get<ListMessagesResponse>(`/messages/${ticketId}`, cursor ? { pageNumber, cursor } : { pageNumber }),
  /** Deletes one's own sent message (for everyone on WhatsApp too). */
  deleteMessage: (messageId: string) => api.delete<{ message: string }>(`/messages/${encodeURIComponent(messageId)}`),
  /** Search within a ticket: its messages holding the text, newest first. */
  searchMessages: (ticketId: number, searchParam: string) => api.get<{ messages: Message[] }>(`/messages/${ticketId}/search`, { searchParam }),
  /** The same key again (a retry) gives the same message, never a second one. */
  send: (ticketId: number, message: SendMessageRequest, idempotencyKey: string) =>
    api.post<Message>(`/messages/${ticketId}`, message, { 'Idempotency-Key': idempotencyKey }),
  /** Files with an optional caption (multipart `medias`, `body`; `voice` for a recorded voice note). */
  sendMedia: (ticketId: number, draft: MediaDraft, idempotencyKey: string) =>
    api.post<unknown>(`/messages/${ticketId}`, mediaForm(draft), { 'Idempotency-Key': idempotencyKey }),
};
