import { TICKET_NOTES_ERRORS } from '@atendo/contracts/ticketNotes';
import { ticketNoteRoutes } from '@atendo/api';
import { ticketNoteIdMigrations } from '@atendo/core';
import { ticketNotesMigrations, ticketNotesProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

export const ticketNotes = defineFeature({
  name: 'ticketNotes',
  errors: TICKET_NOTES_ERRORS,
  routes: ({ api, knex, store, ids }) => ticketNoteRoutes({ api, knex, store, ids }),
  migrations: [...ticketNoteIdMigrations, ...ticketNotesMigrations],
  projections: [ticketNotesProjection],
  probe: {
    resources: { 'ticket-notes.id': 'ticketNote' },
    async make(b) {
      const note = await b.api<{ id: number }>('/ticket-notes', { body: { note: 'nota da B', ticketId: Number(b.theirs.ticket), contactId: Number(b.theirs.ticketContact) } });
      return { ticketNote: String(note.id) };
    },
    observe: (b) => b.api(`/ticket-notes/list?ticketId=${b.theirs.ticket}&contactId=${b.theirs.ticketContact}`),
    bodies: (a) => ({ 'POST /ticket-notes': { body: { note: 'nota sonda', ticketId: Number(a.ticket), contactId: Number(a.ticketContact) } } }),
  },
});
