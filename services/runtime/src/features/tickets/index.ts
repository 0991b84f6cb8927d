import type { ListTicketsResponse } from '@atendo/contracts';
import { TICKETS_CHANNELS, TICKETS_ERRORS, TICKETS_PERMISSIONS } from '@atendo/contracts/tickets';
import { ticketRoutes } from '@atendo/api';
import { ticketMigrations, ticketsProjection } from '@atendo/read';
import { TicketAssigner } from './assigner.js';
import { ticketRules } from '@atendo/core';
import { ratingRules } from '@atendo/core/ratings';
import { defineFeature, type ProbeCompany } from '../featureModule.js';

/** A customer of the probe's company writes to its connection: the ticket, once `list` shows it. */
async function customersTicket(c: ProbeCompany, customer: { number: string; text: string; name: string }, list: string) {
  await c.customerSays(customer.number, customer.text, customer.name);
  return c.eventually(async () => {
    const t = (await c.api<ListTicketsResponse>(list)).tickets[0];
    if (!t) throw new Error('no ticket yet');
    return t;
  });
}

export const tickets = defineFeature({
  name: 'tickets',
  // A ticket's life, and the customer's rating of it when it is resolved.
  conversation: [ticketRules, ratingRules],
  permissions: TICKETS_PERMISSIONS,
  routes: ({ api, knex, ids }) => ticketRoutes(api, knex, ids),
  // The customer stream's one projection: contacts, tickets and messages (decision 0007).
  migrations: ticketMigrations,
  projections: [ticketsProjection],
  channels: TICKETS_CHANNELS,
  errors: TICKETS_ERRORS,
  // The jobs role assigns waiting tickets, first in first out, where the company asks for it.
  processes: ({ knex, databaseUrl, conversations, log }) => [new TicketAssigner({ knex, databaseUrl, conversations, log })],
  probe: {
    resources: { 'tickets.id': 'ticket', 'tickets.uuid': 'ticketUuid' },
    async make(b) {
      // B's customer writes to B's connection: B has a contact, a ticket and a message.
      const ticket = await customersTicket(b, { number: '5511955550001', text: 'sou cliente da B', name: 'Cliente B' }, '/tickets');
      return { ticket: String(ticket.id), ticketUuid: ticket.uuid, ticketContact: String(ticket.contact.id) };
    },
    observe: async (b) => (await b.api<ListTicketsResponse>('/tickets?showAll=true')).tickets.map((t) => [t.id, t.status, t.userId, t.queueId, t.unreadMessages]),
    bodyIds: { contactId: 'ticketContact', ticketId: 'ticket' },
    async ours(a) {
      // A's customer writes to A's connection; and a contact of A's with no ticket yet, for a new one.
      const ticket = await customersTicket(a, { number: '5511955550020', text: 'sou cliente da A (sonda)', name: 'Cliente A sonda' }, '/tickets?searchParam=5511955550020&showAll=true');
      const contact = await a.api<{ id: number }>('/contacts', { body: { name: 'Contato sonda', number: '5511955550022' } });
      return { ticket: String(ticket.id), ticketContact: String(ticket.contact.id), contact: String(contact.id) };
    },
    bodies: (a) => ({
      'POST /tickets': { body: { contactId: Number(a.contact) } },
      'PUT /tickets/{id}': { path: a.ticket, body: { status: 'pending' } },
    }),
  },
});
