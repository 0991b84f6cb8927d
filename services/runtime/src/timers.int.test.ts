import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListTicketsResponse, Ticket } from '@atendo/contracts';
import { contactStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { TimerRunner } from './features/timers/timerRunner.js';
import { createLogger } from './logger.js';
import { startHarness, type Harness } from './testing/harness.js';
import { movableClock } from './testing/clock.js';

/**
 * The durable timers (issue 11) under a clock the test moves: nothing waits for real minutes. Each test arms a timer
 * the way a user would (a reply, a customer's first message, a rating question), moves the jobs role's clock past its
 * due time and asserts what the customer's phone got and where the ticket ended up.
 */
describe('timers (jobs role, controllable clock)', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  const time = movableClock();
  const clock = time.now;
  let customers = 0;
  const INACTIVITY = 'Encerramos este atendimento por falta de resposta.';

  beforeAll(async () => {
    h = await startHarness({ clock });
    token = (await h.login()).token;
    const created = await h.api<{ id: number }>('/whatsapp', {
      token,
      body: { name: 'Plantão', channel: 'simulator', ratingMessage: 'Como foi o atendimento?', expiresTicket: 30, expiresInactiveMessage: INACTIVITY, transferQueueId: h.queueIds[0], timeToTransfer: 5 },
    });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    await h.pair(connectionId);
  });
  afterAll(async () => h?.stop());
  // Each test starts at the real time again: a deadline it arms lies ahead of the clock.
  beforeEach(() => {
    time.set(0);
  });

  const runner = () => h.atendo.processes.get('timers')!;
  /** Moves the jobs role's clock forward and lets it look at once. */
  const advance = (minutes: number) => {
    time.advance(minutes * 60_000);
    runner().poke?.();
  };

  function customer() {
    const number = `55119555${String(++customers).padStart(5, '0')}`;
    const phone = async () =>
      ((await (await fetch(`${h.simulator.url}/simulator/sessions/${connectionId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages
        .filter((m) => m.sender === 'platform')
        .map((m) => m.body);
    const tickets = async () => (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true&status=`, { token })).body.tickets;
    return {
      number,
      phone,
      says: (text: string) => h.customerSays(number, text, 'Cliente', connectionId),
      ticket: (expected: Partial<Ticket> = {}) =>
        eventually(async () => {
          const [t] = await tickets();
          expect(t).toBeDefined();
          expect(t).toMatchObject(expected);
          return t!;
        }),
    };
  }
  const timerRows = async (ticketId: number) => (await h.atendo.knex('timers').where({ ticket_id: ticketId }).select('kind')).map((r) => r.kind as string);
  const events = async (type: string, ticketId: number) =>
    ((await h.atendo.knex.raw(`SELECT data FROM events WHERE event_type = ? AND (data->>'ticketId')::bigint = ?`, [type, ticketId])) as { rows: Array<{ data: Record<string, unknown> }> }).rows.map((r) => r.data);

  it('auto-close: quiet for expiresTicket minutes after the agent’s reply, the customer gets the inactivity message and the ticket closes', async () => {
    const c = customer();
    await c.says('Bom dia, preciso de um boleto');
    const t = await c.ticket({ status: 'pending' });
    expect((await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } })).status).toBe(200);
    expect((await h.api(`/messages/${t.id}`, { token, body: { body: 'Claro! Qual o CPF?' } })).status).toBe(201);
    await eventually(async () => expect(await timerRows(t.id)).toContain('autoClose'));
    advance(29);
    await new Promise((r) => setTimeout(r, 500));
    expect(await c.ticket()).toMatchObject({ status: 'open' });
    advance(2);
    await eventually(async () => expect((await c.phone()).at(-1)).toBe(INACTIVITY), 10_000);
    await c.ticket({ status: 'closed' });
    expect(await events('TimerFired', t.id)).toEqual([expect.objectContaining({ kind: 'autoClose' })]);
    await eventually(async () => expect(await timerRows(t.id)).toEqual([]));
  });

  it('auto-close waits again when the customer answers: the timer is moot and its row goes', async () => {
    const c = customer();
    await c.says('Oi');
    const t = await c.ticket({ status: 'pending' });
    await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } });
    await h.api(`/messages/${t.id}`, { token, body: { body: 'Em que posso ajudar?' } });
    await eventually(async () => expect(await timerRows(t.id)).toContain('autoClose'));
    await c.says('Quero mudar meu plano');
    await eventually(async () => expect((await c.ticket()).lastMessage).toBe('Quero mudar meu plano'));
    advance(31);
    await eventually(async () => expect(await timerRows(t.id)).toEqual([]), 10_000);
    expect(await c.ticket()).toMatchObject({ status: 'open' });
    expect(await events('TimerFired', t.id)).toEqual([]);
    expect(await c.phone()).not.toContain(INACTIVITY);
  });

  it('auto-transfer: a pending ticket with no queue moves to the transfer queue after timeToTransfer minutes', async () => {
    const c = customer();
    await c.says('Alguém aí?');
    const t = await c.ticket({ status: 'pending', queueId: null });
    await eventually(async () => expect(await timerRows(t.id)).toContain('autoTransfer'));
    advance(6);
    await c.ticket({ status: 'pending', queueId: h.queueIds[0]! });
    expect(await events('TimerFired', t.id)).toEqual([expect.objectContaining({ kind: 'autoTransfer' })]);
  });

  it('rating wait: unanswered for its minutes, the wait ends; the next message opens a new ticket instead of rating', async () => {
    expect((await h.api('/settings/userRating', { method: 'PUT', token, body: { value: 'enabled' } })).status).toBe(200);
    try {
      await new Promise((r) => setTimeout(r, 1_100));
      const c = customer();
      await c.says('Obrigado pela ajuda');
      const t = await c.ticket({ status: 'pending' });
      await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'open' } });
      expect((await h.api(`/tickets/${t.id}`, { method: 'PUT', token, body: { status: 'closed' } })).status).toBe(200);
      await eventually(async () => expect(await timerRows(t.id)).toContain('ratingWait'));
      advance(11);
      await eventually(async () => expect(await events('TicketRatingDropped', t.id)).toEqual([{ ticketId: t.id, reason: 'expired' }]), 10_000);
      await c.says('3');
      await eventually(async () => expect((await h.api<ListTicketsResponse>(`/tickets?searchParam=${c.number}&showAll=true`, { token })).body.tickets.length).toBe(2));
      expect(await events('TicketRated', t.id)).toEqual([]);
    } finally {
      await h.api('/settings/userRating', { method: 'PUT', token, body: { value: 'disabled' } });
    }
  });

  it('a timer of a kind no rule family fires (its feature left the list) is dropped when due, and fires nothing', async () => {
    const c = customer();
    await c.says('Ainda preciso de ajuda');
    const t = await c.ticket({ status: 'pending' });
    const dueAt = new Date(clock().getTime() + 60_000).toISOString();
    const metadata = { companyId: h.companyId, actor: { type: 'system' as const, name: 'retired' }, correlationId: 'retired', causationId: 'retired', occurredAt: clock().toISOString() };
    // As a family the product no longer composes armed it, before it left.
    await h.atendo.store.append(contactStream(h.companyId, c.number), [{ type: 'TimerArmed', data: { ticketId: t.id, kind: 'retired', dueAt }, metadata }]);
    await eventually(async () => expect(await timerRows(t.id)).toContain('retired'));
    advance(2);
    await eventually(async () => expect(await timerRows(t.id)).not.toContain('retired'));
    expect(await events('TimerFired', t.id)).toEqual([]);
    expect(await c.ticket()).toMatchObject({ status: 'pending' });
  });

  it('a deadline missed while the jobs role was down fires when it starts again', async () => {
    await runner().stop();
    const c = customer();
    await c.says('Tem alguém?');
    const t = await c.ticket({ status: 'pending', queueId: null });
    await eventually(async () => expect(await timerRows(t.id)).toContain('autoTransfer'));
    advance(60);
    await new Promise((r) => setTimeout(r, 500));
    expect(await c.ticket()).toMatchObject({ queueId: null });
    // A new runner knows nothing but the table: it finds the missed deadline at once.
    const restarted = new TimerRunner({ knex: h.atendo.knex, databaseUrl: h.atendo.database.url, conversations: h.atendo.conversations, log: createLogger('warn'), clock });
    restarted.start();
    try {
      await c.ticket({ queueId: h.queueIds[0]! });
    } finally {
      await restarted.stop();
    }
  });
});
