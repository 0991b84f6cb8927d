import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_UNAUTHORISED, type ServerMessage, type UserFields, type Whatsapp } from '@atendo/contracts';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { Credentials, hashPassword } from '@atendo/api';
import { type Harness } from './testing/harness.js';
import { harnessSuite } from './testing/suite.js';

/** Who sees what of a company's sessions and connections, end to end. */
describe('sessions and connections', () => {
  let h: Harness;
  let adminToken: string;
  harnessSuite({}, (platform) => {
    ({ h, token: adminToken } = platform);
  });

  async function createUser(email: string, fields: Partial<UserFields> & Record<string, unknown> = {}) {
    const id = Number((await h.atendo.knex.raw(`SELECT nextval('user_ids') AS id`)).rows[0].id);
    const r = await handleCommand(h.atendo.store, userDecider, userStream(h.companyId, id), {
      type: 'create',
      id,
      fields: { companyId: h.companyId, name: email, email, profile: 'user', super: false, allTicket: 'enabled', whatsappId: null, queueIds: h.queueIds, ...fields } as UserFields,
    }, { actor: { type: 'system' } });
    await new Credentials(h.atendo.knex).set(id, await hashPassword('Agent-pass-123'));
    await h.atendo.readYourWrites(r.position);
    return { id, token: (await h.login(email, 'Agent-pass-123')).token };
  }

  /** A socket that keeps every message and how it closed. */
  function socket(token: string) {
    const ws = new WebSocket(`${h.url.replace('http', 'ws')}/socket`);
    const state = { messages: [] as ServerMessage[], closed: undefined as number | undefined, ws };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => state.messages.push(JSON.parse(String(raw))));
    ws.on('close', (code) => (state.closed = code));
    return state;
  }
  const events = (s: ReturnType<typeof socket>) => s.messages.flatMap((m) => (m.type === 'entry' ? [m.event] : []));

  it('shows the QR code of a connection only to admins, over REST and over the feed', async () => {
    const agent = await createUser('agent-qr@demo.test');
    const listed = await h.api<Whatsapp[]>('/whatsapp', { token: agent.token });
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    for (const w of listed.body) expect(w).not.toHaveProperty('qrcode');
    expect((await h.api<Whatsapp>(`/whatsapp/${h.whatsappId}`, { token: agent.token })).body).not.toHaveProperty('qrcode');
    expect((await h.api<Whatsapp[]>('/whatsapp', { token: adminToken })).body[0]).toHaveProperty('qrcode');

    const adminFeed = socket(adminToken);
    const agentFeed = socket(agent.token);
    await eventually(() => expect([adminFeed, agentFeed].every((s) => s.messages.some((m) => m.type === 'ready'))).toBe(true));
    // A new QR code: the session is logged out and opened again.
    expect((await h.api(`/whatsappsession/${h.whatsappId}`, { method: 'PUT', token: adminToken })).status).toBe(200);
    await eventually(() => expect(events(adminFeed)).toContain(`company-${h.companyId}-whatsappSession`));
    // A company-wide entry after it: once the agent has it, the agent has had every entry before it that it may see.
    await createUser('agent-after@demo.test');
    await eventually(() => expect(events(agentFeed)).toContain(`company-${h.companyId}-user`));
    expect(events(agentFeed)).not.toContain(`company-${h.companyId}-whatsappSession`);
    expect(events(agentFeed)).not.toContain(`company-${h.companyId}-whatsapp`);
    for (const s of [adminFeed, agentFeed]) s.ws.close();
    await eventually(async () => {
      await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/scan`, { method: 'POST' });
      expect(((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}`)).json()) as { status: string }).status).toBe('CONNECTED');
    });
  });

  it('closes the sockets of a user who is deleted', async () => {
    const agent = await createUser('agent-gone@demo.test');
    const feed = socket(agent.token);
    const stays = socket(adminToken);
    await eventually(() => expect([feed, stays].every((s) => s.messages.some((m) => m.type === 'ready'))).toBe(true));
    const r = await handleCommand(h.atendo.store, userDecider, userStream(h.companyId, agent.id), { type: 'delete' }, { actor: { type: 'system' } });
    await h.atendo.readYourWrites(r.position);
    await eventually(() => expect(feed.closed).toBe(CLOSE_UNAUTHORISED));
    expect(stays.closed).toBeUndefined();
    stays.ws.close();
  });

  it('projects a user from an old event that still carries a password hash, and keeps the hash out of the read model', async () => {
    const { id } = await createUser('agent-legacy@demo.test', { passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==' });
    const row = await h.atendo.knex('users').where({ id }).first();
    expect(row).toMatchObject({ id, email: 'agent-legacy@demo.test' });
    expect(row).not.toHaveProperty('password_hash');
  });
});
