import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

/**
 * Agent capacity and first-in-first-out assignment (issue 11): with `autoAssign` on, waiting tickets of a queue go,
 * oldest first, to its online agents under `agentCapacity`; an agent at capacity cannot take one more by hand.
 */
describe('automatic assignment and agent capacity', () => {
  let h: Harness;
  let token: string;
  let connectionId: number;
  let queue: Queue;
  const agents: Array<{ id: number; token: string }> = [];
  const sockets: Array<{ close(): void }> = [];

  beforeAll(async () => {
    h = await startHarness();
    token = (await h.login()).token;
    queue = (await h.api<Queue>('/queue', { token, body: { name: 'Plantão', color: '#795548' } })).body;
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Plantão', channel: 'simulator', queueIds: [queue.id] } });
    connectionId = created.body.id;
    await h.pair(connectionId);
    for (const email of ['ana@plantao.test', 'bia@plantao.test']) {
      const user = await addUser(h, email, { queueIds: [queue.id] });
      const agentToken = (await h.login(user.email, user.password)).token;
      agents.push({ id: user.id, token: agentToken });
      // At the console: their socket marks them online.
      sockets.push(await h.socket(agentToken));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await h?.stop();
  });

  const ticketOf = (who: string, expected: Partial<Ticket> = {}) =>
    eventually(async () => {
      const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', who).orderBy('t.id', 'desc').first('t.id', 't.status', 't.user_id');
      expect(row).toBeDefined();
      const t = { id: Number(row.id), status: row.status as Ticket['status'], userId: row.user_id === null ? null : Number(row.user_id) };
      expect(t).toMatchObject(expected);
      return t;
    }, 10_000);

  it('gives the oldest waiting tickets to online agents of the queue, one each up to capacity; the rest wait; a freed agent gets the next', async () => {
    // Off (the default): tickets wait for a person to accept them.
    await h.customerSays('5511977770001', 'Primeiro', 'Um', connectionId);
    const first = await ticketOf('5511977770001', { status: 'pending' });
    await h.customerSays('5511977770002', 'Segundo', 'Dois', connectionId);
    await ticketOf('5511977770002', { status: 'pending' });
    await new Promise((r) => setTimeout(r, 100));
    await h.customerSays('5511977770003', 'Terceiro', 'Três', connectionId);
    const third = await ticketOf('5511977770003', { status: 'pending' });
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await ticketOf('5511977770001')).status).toBe('pending');

    expect((await h.api('/settings/agentCapacity', { method: 'PUT', token, body: { value: '1' } })).status).toBe(200);
    expect((await h.api('/settings/autoAssign', { method: 'PUT', token, body: { value: 'enabled' } })).status).toBe(200);
    const a = await ticketOf('5511977770001', { status: 'open' });
    const b = await ticketOf('5511977770002', { status: 'open' });
    expect(new Set([a.userId, b.userId])).toEqual(new Set(agents.map((x) => x.id)));
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await ticketOf('5511977770003')).toMatchObject({ status: 'pending', userId: null });

    // An agent at capacity cannot take one more by hand.
    const holder = agents.find((x) => x.id === a.userId)!;
    const refused = await h.api<{ error: string }>(`/tickets/${third.id}`, { method: 'PUT', token: holder.token, body: { status: 'open' } });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_AGENT_AT_CAPACITY' } });

    // The first agent resolves: the waiting ticket is theirs.
    expect((await h.api(`/tickets/${first.id}`, { method: 'PUT', token: holder.token, body: { status: 'closed' } })).status).toBe(200);
    await ticketOf('5511977770003', { status: 'open', userId: holder.id });
  });
});
