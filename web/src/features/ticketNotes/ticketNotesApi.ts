import type { TicketNote, ticketNoteSchema } from '@atendo/contracts';
import type { InferType } from 'yup';
import { api } from '../../api/client';

export type NewTicketNote = InferType<typeof ticketNoteSchema>;

/** The notes staff keep on a ticket, shown in the contact drawer. */
export const ticketNotesApi = {
  list: (ticketId: number, contactId: number) => api.get<TicketNote[]>('/ticket-notes/list', { ticketId, contactId }),
  add: (note: NewTicketNote) => api.post<TicketNote>('/ticket-notes', note),
  remove: (id: number) => api.delete<{ message: string }>(`/ticket-notes/${id}`),
};
