import { TICKETS_CHANNELS, TICKETS_ERRORS, TICKETS_PERMISSIONS } from '@atendo/contracts/tickets';
import { ticketRoutes } from '@atendo/api';
import { ticketMigrations, ticketsProjection } from '@atendo/read';
import { TicketAssigner } from '../jobs/assigner.js';
import { defineFeature } from './featureModule.js';

export const tickets = defineFeature({
  name: 'tickets',
  permissions: TICKETS_PERMISSIONS,
  routes: (deps) => ticketRoutes(deps.api, deps.knex, deps.ids),
  // The customer stream's one projection: contacts, tickets and messages (decision 0007).
  migrations: ticketMigrations,
  projections: [ticketsProjection],
  channels: TICKETS_CHANNELS,
  errors: TICKETS_ERRORS,
  // The jobs role assigns waiting tickets, first in first out, where the company asks for it.
  processes: ({ knex, databaseUrl, conversations, log }) => [new TicketAssigner({ knex, databaseUrl, conversations, log })],
});
