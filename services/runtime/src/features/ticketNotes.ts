import { TICKET_NOTES_ERRORS } from '@atendo/contracts/ticketNotes';
import { ticketNoteRoutes } from '@atendo/api';
import { ticketNoteIdMigrations } from '@atendo/core';
import { ticketNotesMigrations, ticketNotesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const ticketNotes = defineFeature({
  name: 'ticketNotes',
  errors: TICKET_NOTES_ERRORS,
  routes: ({ api, knex, store, ids }) => ticketNoteRoutes({ api, knex, store, ids }),
  migrations: [...ticketNoteIdMigrations, ...ticketNotesMigrations],
  projections: [ticketNotesProjection],
});
