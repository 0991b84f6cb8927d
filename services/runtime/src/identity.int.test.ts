import { describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

describe('one person, one contact: customers who write from a LID', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  let connectionId: number;

  harnessSuite({ link: 'LID' }, (platform) => {
    ({ h, token, userId, connectionId } = platform);
  });

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

  it('a LID-only customer later revealed to be a known number ends up one contact with one thread, and replies reach the number', async () => {
    const number = '5511955550002';
    const lid = '406080201234567';
    h.whatsapp.customerSays(connectionId, number, 'oi, do número', { pushName: 'Duda' });
    const first = await oneTicket(number);
    // Then only the LID comes, before WhatsApp ever showed the pair: a contact of its own, for now.
    h.whatsapp.customerSays(connectionId, '0', 'oi, do LID', { lid, hidePhone: true });
    await oneTicket(lid);
    // WhatsApp reveals the pair: the two contacts become one.
    h.whatsapp.customerSays(connectionId, number, 'agora com os dois', { lid });
    await eventually(async () => expect(await ticketsOf(lid)).toEqual([]));
    const contacts = await h.atendo.knex('contacts').where({ company_id: h.companyId }).whereIn('number', [number, `${lid}@lid`]).select('id', 'number');
    expect(contacts).toEqual([{ id: first.contact.id, number }]);
    // One thread goes on (the number's); the LID's conversation is closed under the same contact, its messages kept.
    const all = await h.atendo.knex('tickets').where({ contact_id: first.contact.id }).orderBy('id').select('id', 'status');
    expect(all.map((t: { status: string }) => t.status)).toEqual(['pending', 'closed']);
    await eventually(async () =>
      expect(await h.atendo.knex('messages').where({ contact_id: first.contact.id }).orderBy('ordinal').pluck('body')).toEqual(['oi, do número', 'oi, do LID', 'agora com os dois']),
    );
    const stream = await h.atendo.store.readStream(`contact-${h.companyId}.${number}`);
    expect(stream.map((e) => e.type)).toContain('ContactMerged');
    // Replies go to the number.
    expect((await h.api(`/tickets/${first.id}`, { method: 'PUT', token, body: { status: 'open', userId } })).status).toBe(200);
    expect((await h.api(`/messages/${first.id}`, { token, body: { body: 'Oi Duda!' } })).status).toBe(201);
    await eventually(() => expect(h.whatsapp.phones.get(number)).toEqual([expect.objectContaining({ text: 'Oi Duda!' })]));
  });

  it('a customer known only by their LID keeps their conversation when their number is revealed: the contact takes the number', async () => {
    const number = '5511955550003';
    const lid = '507090301234567';
    h.whatsapp.customerSays(connectionId, '0', 'sou só LID', { lid, hidePhone: true, pushName: 'Edu' });
    const lidTicket = await oneTicket(lid);
    h.whatsapp.customerSays(connectionId, number, 'e agora o número aparece', { lid });
    const ticket = await oneTicket(number);
    expect(ticket.id).toBe(lidTicket.id);
    expect(ticket.contact.id).toBe(lidTicket.contact.id);
    await eventually(async () =>
      expect((await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.map((m) => m.body).sort()).toEqual(['e agora o número aparece', 'sou só LID']),
    );
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } })).status).toBe(200);
    expect((await h.api(`/messages/${ticket.id}`, { token, body: { body: 'Oi Edu!' } })).status).toBe(201);
    await eventually(() => expect(h.whatsapp.phones.get(number)).toEqual([expect.objectContaining({ text: 'Oi Edu!' })]));
  });
});
