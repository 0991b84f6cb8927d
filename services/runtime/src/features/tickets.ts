import { TICKETS_ERRORS } from '@atendo/contracts';
import { ticketRoutes } from '@atendo/api';
import { ticketMigrations, ticketsProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const tickets = defineFeature({
  name: 'tickets',
  routes: (deps) => ticketRoutes(deps.api, deps.knex, deps.ids),
  // The customer stream's one projection: contacts, tickets and messages (decision 0007).
  migrations: ticketMigrations,
  projections: [ticketsProjection],
  channels: ['ticket'],
  errors: TICKETS_ERRORS,
});
