import { sqlMigration, type Migration } from '@atendo/platform';
import { recordProjection } from '../projections/records.js';

export const ticketNotesMigrations: Migration[] = [
  sqlMigration(
    '202611261100_ticket_notes',
    `
        CREATE TABLE ticket_notes (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, ticket_id bigint NOT NULL, contact_id bigint NOT NULL,
          user_id bigint NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX ticket_notes_ticket ON ticket_notes (company_id, ticket_id, contact_id, created_at);
      `,
    'DROP TABLE ticket_notes',
  ),
];

/** Notes on tickets, for the contact drawer (the drawer reloads them itself: the spec names no realtime channel). */
export const ticketNotesProjection = recordProjection('ticket_notes', {
  kind: 'TicketNote',
  table: 'ticket_notes',
  columns: new Set(['company_id', 'ticket_id', 'contact_id', 'user_id', 'note']),
});
