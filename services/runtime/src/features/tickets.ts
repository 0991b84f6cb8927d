import { ticketRoutes } from '@atendo/api';
import { ticketMigrations, ticketsProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const tickets = defineFeature({
  name: 'tickets',
  routes: (deps) => ticketRoutes(deps.api),
  // The customer stream's one projection: contacts, tickets and messages (decision 0007).
  migrations: ticketMigrations,
  projections: [ticketsProjection],
  channels: ['ticket'],
  errors: ['ERR_NO_TICKET_FOUND', 'ERR_TICKET_ALREADY_ACCEPTED', 'ERR_TICKET_CLOSED', 'ERR_INVALID_TICKET_TRANSITION', 'ERR_OTHER_OPEN_TICKET'],
});
