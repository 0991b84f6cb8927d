import { TICKETS_ERRORS } from '@atendo/contracts';
import { ticketRoutes } from '@atendo/api';
import { ticketMigrations, ticketsProjection } from '@atendo/read';
import { TicketAssigner } from './tickets/assigner.js';
import { defineFeature } from './featureModule.js';

export const tickets = defineFeature({
  name: 'tickets',
  routes: (deps) => ticketRoutes(deps.api, deps.knex, deps.ids),
  // The customer stream's one projection: contacts, tickets and messages (decision 0007).
  migrations: ticketMigrations,
  projections: [ticketsProjection],
  channels: ['ticket'],
  errors: TICKETS_ERRORS,
  // The jobs role assigns waiting tickets, first in first out, where the company asks for it.
  processes: ({ knex, databaseUrl, conversations, log }) => [new TicketAssigner({ knex, databaseUrl, conversations, log })],
});
