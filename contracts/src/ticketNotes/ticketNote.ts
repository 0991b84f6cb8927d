import { idSchema } from '../schemas.js';
import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** A note staff keep on a ticket (spec §3: id, note, ticketId, contactId, user.name, createdAt). */
export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string };
  createdAt: string;
}

export interface TicketNoteFields {
  companyId: number;
  ticketId: number;
  contactId: number;
  userId: number;
  note: string;
}

export type TicketNoteEvent =
  | { type: 'TicketNoteCreated'; data: { id: number } & TicketNoteFields }
  | { type: 'TicketNoteUpdated'; data: { id: number; changes: Partial<TicketNoteFields> } }
  | { type: 'TicketNoteDeleted'; data: { id: number } };

export const TICKET_NOTE_MAX_LENGTH = 4096;

const storable = (v: string | undefined) => v === undefined || isStorableText(v);

/** Spec §5: a note is required, at least 2 characters. */
export const ticketNoteSchema = yup.object({
  note: yup.string().trim().required('validation.required').min(2, 'validation.tooShort').max(TICKET_NOTE_MAX_LENGTH, 'validation.tooLong').test('storable', 'validation.unstorableText', storable),
  ticketId: idSchema().required('validation.required'),
  contactId: idSchema().required('validation.required'),
});

/** `GET /ticket-notes/list`: the notes of a ticket of a contact. */
export const listTicketNotesQuerySchema = yup.object({
  ticketId: idSchema().required('validation.required'),
  contactId: idSchema().required('validation.required'),
});
