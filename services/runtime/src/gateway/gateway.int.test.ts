import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListMessagesResponse, ListTicketsResponse, Message, Ticket } from '@atendo/contracts';
import { SimulatorProvider } from '@atendo/channels';
import { ContactStreamService, contactStream, handleCommand, whatsappDecider, whatsappStream } from '@atendo/core';
import { sequenceIds } from '@atendo/platform';
import { eventually } from '@atendo/core/testing';
import { ConnectionQueries, TicketQueries, waitForCheckpoints } from '@atendo/read';
import { startHarness, type Harness } from '../testing/harness.js';
import { Gateway } from './gateway.js';
import { inboundEnrichers } from './inboundContexts.js';
import { features } from '../features/index.js';
import { conversationOf } from '../features/featureModule.js';

interface CustomerView {
  messages: Array<{ id: string; sender: string; body: string; ack: number; quotedId: string | null }>;
}

/** The gateway's send side against the simulator: idempotency keys, unknown outcomes, quotes, queue changes. */
describe('gateway', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    // A short send timeout, so that a lost confirmation is noticed within the test.
    h = await startHarness({ env: { WHATSAPP_SEND_TIMEOUT_MS: '400' } });
    token = (await h.login()).token;
  });
  /** Gateways a test started in place of the harness's. */
  const stopLater: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stopLater) await stop();
    await h?.stop();
  });

  const customerView = async (number: string) =>
    (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${number}/messages`)).json()) as CustomerView;
  const openTicket = async (number: string, text: string) => {
    await h.customerSays(number, text);
    const ticket = await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}`, { token })).body.tickets[0];
      if (!t) throw new Error('no ticket yet');
      return t;
    });
    expect((await h.api<Ticket>(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    return ticket;
  };
  const reply = (ticketId: number, body: string, quotedId?: string) =>
    h.api<Message>(`/messages/${ticketId}`, { method: 'POST', token, body: { body, ...(quotedId ? { quotedMsg: { id: quotedId } } : {}) } });
  const faults = (body: Record<string, number>) =>
    fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const eventTypes = async (number: string) => (await h.atendo.store.readStream(contactStream(h.companyId, number))).map((e) => e.type);

  it('a send whose confirmation is lost is recorded as unknown, shows "sending", and its acks settle it: never failed', async () => {
    const ticket = await openTicket('5511977770001', 'oi');
    await faults({ loseConfirmations: 1 });
    const sent = await reply(ticket.id, 'Chegou?');
    expect(sent.status).toBe(201);

    await eventually(async () => expect(await eventTypes('5511977770001')).toContain('MessageDispatchUncertain'));
    await eventually(async () => {
      const mine = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.find((m) => m.fromMe)!;
      expect(mine).toMatchObject({ id: sent.body.id, ack: 3, failed: false });
    }, 15_000);
    const types = await eventTypes('5511977770001');
    expect(types).not.toContain('MessageDispatchFailed');
    expect(types).not.toContain('MessageDispatched');
    expect(types.filter((t) => t === 'MessageAckChanged').length).toBeGreaterThan(0);
    expect((await customerView('5511977770001')).messages.filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual(['Chegou?']);
  });

  it('passes the quoted message’s WhatsApp id on: a customer’s message and one of ours', async () => {
    const ticket = await openTicket('5511977770002', 'qual o prazo?');
    const theirs = (await customerView('5511977770002')).messages[0]!;
    const first = await reply(ticket.id, 'Três dias.', theirs.id);
    expect(first.status).toBe(201);
    const second = await reply(ticket.id, 'Como eu disse:', first.body.id);
    expect(second.status).toBe(201);
    await eventually(async () => {
      const ours = (await customerView('5511977770002')).messages.filter((m) => m.sender === 'platform');
      expect(ours.map((m) => [m.body, m.quotedId])).toEqual([
        ['Três dias.', theirs.id],
        ['Como eu disse:', first.body.id],
      ]);
    });
  });

  it('an inbound message after a change of the connection’s queues gets the new queue', async () => {
    const [first, second] = h.queueIds as [number, number];
    await h.customerSays('5511977770003', 'antes');
    await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511977770003', { token })).body.tickets[0];
      expect(t?.queueId).toBe(first);
    });
    const changed = await handleCommand(h.atendo.store, whatsappDecider, whatsappStream(h.companyId, h.whatsappId), { type: 'update', changes: { queueIds: [second] } }, {
      actor: { type: 'system' },
    });
    // The gateway follows the log: once its outbox has passed the change, a new customer's ticket opens in the new queue.
    await waitForCheckpoints(h.atendo.knex, ['process:gateway-outbox'], changed.position!);
    await h.customerSays('5511977770013', 'depois');
    await eventually(async () => {
      const t = (await h.api<ListTicketsResponse>('/tickets?searchParam=5511977770013', { token })).body.tickets[0];
      expect(t?.queueId).toBe(second);
    });
  });

  it('a send lost with a dropped connection is unknown, sent again once the session is back, and reaches the customer once', async () => {
    const ticket = await openTicket('5511977770005', 'oi de novo');
    await faults({ dropConnectionOnSend: 1 });
    const sent = await reply(ticket.id, 'Segunda tentativa');
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const mine = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.find((m) => m.fromMe)!;
      expect(mine).toMatchObject({ ack: 3, failed: false });
    }, 15_000);
    expect(await eventTypes('5511977770005')).toContain('MessageDispatchUncertain');
    expect((await customerView('5511977770005')).messages.filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual(['Segunda tentativa']);
  });

  it('a reply left unknown by a process that died before any ack is sent again by the next one, and arrives once', async () => {
    const number = '5511977770009';
    const ticket = await openTicket(number, 'alguém aí?');
    const { user } = await h.login();
    // The process dies: its gateway stops, after recording a reply whose outcome it never learnt (the frame was lost).
    await h.atendo.gateway!.stop();
    const conversations = new ContactStreamService(conversationOf(features), h.atendo.store, sequenceIds(h.atendo.knex));
    const stream = contactStream(h.companyId, number);
    const messageId = randomUUID();
    const system = { actor: { type: 'system' as const, name: 'gateway' } };
    await conversations.execute(stream, { type: 'QueueMessage', ticketId: ticket.id, messageId, body: 'Ainda estou aqui', userId: user.id, admin: true, quotedMessageId: null }, system);
    const left = await conversations.execute(stream, { type: 'RecordDispatchUncertain', messageId, providerMessageId: messageId, reason: 'the process died' }, system);
    await h.atendo.readYourWrites(left.position);
    expect((await customerView(number)).messages.filter((m) => m.sender === 'platform')).toEqual([]);

    // The next process starts its gateway (it serves the tests after this one too).
    const knex = h.atendo.knex;
    const provider = new SimulatorProvider(h.simulator.url, { log: { warn: () => undefined } });
    const next = new Gateway({ store: h.atendo.store, knex, provider, conversations, connections: new ConnectionQueries(knex), conversationQueries: new TicketQueries(knex), log: h.atendo.log, enrichers: inboundEnrichers(features) });
    stopLater.push(() => next.stop(), () => provider.close());
    await next.start();
    await eventually(async () => {
      const mine = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.find((m) => m.fromMe)!;
      expect(mine).toMatchObject({ id: messageId, ack: 3, failed: false });
    }, 15_000);
    expect((await customerView(number)).messages.filter((m) => m.sender === 'platform').map((m) => m.body)).toEqual(['Ainda estou aqui']);
  });

  it('a send refused before anything left (session not connected) is failed', async () => {
    const ticket = await openTicket('5511977770004', 'alô');
    await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/disconnect`, { method: 'POST' });
    const sent = await reply(ticket.id, 'não vai');
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const mine = (await h.api<ListMessagesResponse>(`/messages/${ticket.id}`, { token })).body.messages.find((m) => m.fromMe)!;
      expect(mine).toMatchObject({ ack: 0, failed: true });
    });
    expect(await eventTypes('5511977770004')).toContain('MessageDispatchFailed');
  });
});
