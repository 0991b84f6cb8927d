import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { startHarness, type Harness } from './testing/harness.js';

describe('one person, one contact: customers who write from a LID', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  let connectionId: number;

  beforeAll(async () => {
    h = await startHarness();
    const login = await h.login();
    token = login.token;
    userId = login.user.id;
    connectionId = await h.linkNumber(token, { name: 'LID', queueIds: [h.queueIds[0]] });
  });
  afterAll(async () => h?.stop());

  const ticketsOf = async (search: string) => (await h.api<ListTicketsResponse>(`/tickets?searchParam=${encodeURIComponent(search)}&showAll=true&status=pending`, { token })).body.tickets;
  const oneTicket = (search: string) =>
    eventually(async () => {
      const t = await ticketsOf(search);
      expect(t).toHaveLength(1);
      return t[0]!;
    });

  it('a customer known only by their LID is one contact, and the agent’s reply reaches them at the LID', async () => {
    h.whatsapp.customerSays(connectionId, '0', 'oi, sem número', { lid: '204060801234567', hidePhone: true, pushName: 'Bia' });
    const ticket: Ticket = await oneTicket('204060801234567');
    expect(ticket.contact.name).toBe('Bia');
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } })).status).toBe(200);
    expect((await h.api(`/messages/${ticket.id}`, { token, body: { body: 'Olá Bia!' } })).status).toBe(201);
    await eventually(() => expect(h.whatsapp.phones.get('204060801234567')).toEqual([expect.objectContaining({ text: 'Olá Bia!' })]));
  });

  it('a customer who wrote from their number and then from their LID stays one contact with one thread', async () => {
    h.whatsapp.customerSays(connectionId, '5511955550001', 'primeira, do número', { pushName: 'Caio' });
    const ticket = await oneTicket('5511955550001');
    // WhatsApp moves them to a LID, still telling the number beside it: the pair is learned.
    h.whatsapp.customerSays(connectionId, '5511955550001', 'segunda, do LID com número', { lid: '305070901234567' });
    // Later only the LID comes: the learned pair files it under the number.
    h.whatsapp.customerSays(connectionId, '0', 'terceira, só LID', { lid: '305070901234567', hidePhone: true });
    await eventually(async () => {
      const messages = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages;
      expect(messages.map((m) => m.body).sort()).toEqual(['primeira, do número', 'segunda, do LID com número', 'terceira, só LID']);
    });
    expect(await ticketsOf('305070901234567')).toEqual([]);
    expect((await h.api<ListTicketsResponse>('/tickets?searchParam=Caio&showAll=true&status=pending', { token })).body.tickets).toHaveLength(1);
  });
});
