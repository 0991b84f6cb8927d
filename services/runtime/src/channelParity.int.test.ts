import { describe, expect, it } from 'vitest';
import type { ListTicketsResponse, RecordedEvent } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** What a conversation's events say, without the ids and times each run draws anew. */
function story(events: RecordedEvent[]) {
  const drawn = new Set(['ticketId', 'contactId', 'messageId', 'providerMessageId', 'uuid', 'whatsappId', 'sentAt', 'userId']);
  return events.map((e) => ({ type: e.type, data: Object.fromEntries(Object.entries(e.data as Record<string, unknown>).filter(([k]) => !drawn.has(k))) }));
}

describe('simulator parity: one conversation through the simulator and through Baileys (fake socket) makes the same events', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  let baileysId: number;

  harnessSuite({ link: 'Real' }, async (platform) => {
    ({ h, token, userId, connectionId: baileysId } = platform);
    // Both connections serve the same single queue, so their tickets start alike.
    expect((await h.api(`/whatsapp/${h.whatsappId}`, { method: 'PUT', token, body: { queueIds: [h.queueIds[0]] } })).status).toBe(200);
  });

  /** The conversation: a customer writes, an agent accepts and replies, the customer thanks, the agent resolves. */
  async function converse(number: string, customerSays: (text: string) => Promise<unknown>) {
    await customerSays('Olá, quero ajuda');
    const ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=pending`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open', userId } })).status).toBe(200);
    expect((await h.api(`/messages/${ticket.id}`, { token, body: { body: 'Claro! Como posso ajudar?' } })).status).toBe(201);
    const stream = `contact-${h.companyId}.${number}`;
    // Sent, delivered, read.
    await eventually(async () => expect((await h.atendo.store.readStream(stream)).filter((e) => e.type === 'MessageAckChanged')).toHaveLength(2), 10_000);
    await customerSays('Obrigado!');
    await eventually(async () => expect((await h.atendo.store.readStream(stream)).filter((e) => e.type === 'MessageReceived')).toHaveLength(2));
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'closed', userId } })).status).toBe(200);
    return story(await h.atendo.store.readStream(stream));
  }

  it('produces identical event sequences', async () => {
    const simulated = await converse('5511944440001', (text) => h.customerSays('5511944440001', text, 'Ana'));
    const real = await converse('5511944440002', async (text) => h.whatsapp.customerSays(baileysId, '5511944440002', text, { pushName: 'Ana' }));
    const withoutNumber = (s: typeof simulated) => s.map((e) => ({ ...e, data: { ...e.data, number: undefined } }));
    expect(withoutNumber(real)).toEqual(withoutNumber(simulated));
    expect(simulated.map((e) => e.type)).toEqual([
      'ContactCreated',
      'TicketOpened',
      'MessageReceived',
      'TicketAccepted',
      'MessageQueued',
      'MessageDispatched',
      'MessageAckChanged',
      'MessageAckChanged',
      'MessageReceived',
      'TicketResolved',
    ]);
  });
});
