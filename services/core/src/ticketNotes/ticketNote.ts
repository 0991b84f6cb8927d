import type { TicketNoteFields } from '@atendo/contracts';
import { type Migration, streamId, idSequences } from '@atendo/platform';
import { recordDecider } from '../records/record.js';

/** A note on a ticket, a record of its own: written and deleted by staff, never part of the conversation itself. */
export const ticketNoteDecider = recordDecider<'TicketNote', TicketNoteFields>('TicketNote', 'ERR_TICKET_NOTE_NOT_FOUND');

export const ticketNoteStream = (companyId: number, id: number) => streamId('ticketNote', companyId, id);

export const ticketNoteIdMigrations: Migration[] = [idSequences('202611261100_ticket_note_ids', 'ticketNote')];
