import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { CRASH_PASSWORD, crashRig, type CrashRig } from './testing/crashRig.js';

const TICKETS = 30;
const PER_TICKET = 10;
const TOTAL = TICKETS * PER_TICKET;

/**
 * The platform runs as its own process, WhatsApp (the simulator) here. Agents queue 300 replies over 30 tickets
 * through the API, and the platform is killed with SIGKILL while its gateway sends them. A reply whose request was cut
 * off is sent again with the same Idempotency-Key after the restart, as the console does. Every reply must reach its
 * customer exactly once, in the order queued.
 */
describe('crash during an outbound burst', () => {
  let rig: CrashRig;
  beforeAll(async () => {
    // A slow confirmation widens the moment between "the customer has it" and "the platform recorded it".
    rig = await crashRig({ confirmDelayMs: 40 });
  });
  afterAll(async () => rig?.close());

  const customerView = async (number: string) =>
    ((await (await fetch(`${rig.simulator.url}/simulator/sessions/1/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
  let token = '';
  const api = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${rig.port}${route}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const login = async () => {
    token = (await api('POST', '/auth/login', { email: 'admin@demo.atendo.local', password: CRASH_PASSWORD })).body.token;
  };

  it('every queued reply reaches its customer exactly once, in order, when the platform is SIGKILLed mid-send', async () => {
    let platform = await rig.startPaired();

    const numbers = Array.from({ length: TICKETS }, (_, i) => `55119${String(60000000 + i).padStart(8, '0')}`);
    await fetch(`${rig.simulator.url}/simulator/sessions/1/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: numbers.map((from, i) => ({ from, text: `olá ${i}` })) }),
    });
    await login();
    const tickets = await eventually(async () => {
      const { rows } = await rig.client.query(`SELECT t.id, c.number FROM tickets t JOIN contacts c ON c.id = t.contact_id`);
      expect(rows).toHaveLength(TICKETS);
      return new Map<string, number>(rows.map((r) => [r.number as string, Number(r.id)]));
    }, 30_000, 200);
    for (const id of tickets.values()) expect((await api('PUT', `/tickets/${id}`, { status: 'open' })).status).toBe(200);

    // Each ticket's replies are queued one after another (r0 … r9), the tickets in parallel. A request cut off by the
    // crash stops that ticket's sequence; it is retried after the restart with the same key, as the console does.
    const replies = numbers.map((number) => Array.from({ length: PER_TICKET }, (_, n) => ({ number, body: `r${n} para ${number}`, key: randomUUID(), done: false })));
    const queueAll = async () =>
      Promise.all(
        replies.map(async (list) => {
          for (const reply of list) {
            if (reply.done) continue;
            const res = await api('POST', `/messages/${tickets.get(reply.number)}`, { body: reply.body }, { 'idempotency-key': reply.key }).catch(() => undefined);
            if (res?.status !== 201) return;
            reply.done = true;
          }
        }),
      );
    const burst = queueAll();

    // Kill it while the gateway is sending, at a moment when the customer has a reply whose send is not recorded yet.
    const delivered = async () => {
      const { customers } = (await (await fetch(`${rig.simulator.url}/simulator/sessions/1/customers`)).json()) as { customers: Array<{ messages: number }> };
      return customers.reduce((sum, c) => sum + c.messages, 0) - TICKETS;
    };
    await eventually(async () => {
      const recorded = await rig.count(`SELECT count(*) FROM events WHERE event_type = 'MessageDispatched'`);
      expect(recorded).toBeGreaterThan(20);
      expect(await delivered()).toBeGreaterThan(recorded);
    }, 60_000, 2);
    platform.kill('SIGKILL');
    await new Promise((r) => platform.once('exit', r));
    await burst;
    const dispatchedAtKill = await rig.count(`SELECT count(*) FROM events WHERE event_type = 'MessageDispatched'`);
    const queuedAtKill = await rig.count(`SELECT count(*) FROM events WHERE event_type = 'MessageQueued'`);
    const deliveredAtKill = await delivered();
    expect(dispatchedAtKill).toBeLessThan(TOTAL);

    platform = await rig.startPlatform();
    await login();
    await queueAll();
    expect(replies.flat().every((r) => r.done)).toBe(true);

    // What each customer's phone shows: every reply once, in the order queued.
    await eventually(async () => {
      for (const number of numbers) {
        const ours = (await customerView(number)).filter((m) => m.sender === 'platform').map((m) => m.body);
        expect(ours).toEqual(Array.from({ length: PER_TICKET }, (_, n) => `r${n} para ${number}`));
      }
    }, 120_000, 500);
    // The log: each reply queued once, with a recorded outcome, none failed.
    expect(await rig.count(`SELECT count(*) FROM events WHERE event_type = 'MessageQueued'`)).toBe(TOTAL);
    await eventually(async () => {
      expect(await rig.count(`SELECT count(DISTINCT data->>'messageId') FROM events WHERE event_type IN ('MessageDispatched', 'MessageDispatchUncertain')`)).toBe(TOTAL);
    }, 60_000, 200);
    expect(await rig.count(`SELECT count(*) FROM events WHERE event_type = 'MessageDispatchFailed'`)).toBe(0);
    console.log(`outbound crash test: killed with ${queuedAtKill}/${TOTAL} queued and ${dispatchedAtKill} recorded as sent, ${deliveredAtKill} delivered; after restart ${TOTAL} delivered exactly once`);
  }, 300_000);
});
