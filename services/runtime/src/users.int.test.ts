import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, User, UserPage, UserRef } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import { eventually } from '@atendo/core/testing';
import { addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';
import { eventCount as countEvents } from './testing/log.js';

describe('users', () => {
  let h: Harness;
  let adminToken: string;
  let superToken: string;
  const signIn = (email: string, password: string) =>
    fetch(`${h.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const eventCount = () => countEvents(h);

  beforeAll(async () => {
    h = await startHarness();
    adminToken = (await h.login()).token;
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
  });
  afterAll(async () => h?.stop());

  it('an admin adds a user with queues who can sign in, finds them in the list and the pickers, and the console hears of it', async () => {
    const feed = await h.socket(adminToken);
    try {
      const created = await h.api<User>('/users', { token: adminToken, body: { name: 'Carla Atendente', email: 'Carla@Demo.test', password: 'Carla-pass-1', queueIds: [h.queueIds[0]], whatsappId: h.whatsappId } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Carla Atendente', email: 'carla@demo.test', profile: 'user', super: false, queues: [{ id: h.queueIds[0] }], whatsapp: { id: h.whatsappId } });
      expect(created.body).not.toHaveProperty('password');
      expect((await signIn('carla@demo.test', 'Carla-pass-1')).status).toBe(200);
      const page = await h.api<UserPage>('/users?searchParam=carla', { token: adminToken });
      expect(page.body).toMatchObject({ count: 1, users: [{ id: created.body.id }] });
      expect((await h.api<UserRef[]>('/users/list', { token: adminToken })).body).toContainEqual({ id: created.body.id, name: 'Carla Atendente', profile: 'user' });
      // The transfer's picker: any user searches names (not e-mails); % and _ are what they are.
      const carla = ((await (await signIn('carla@demo.test', 'Carla-pass-1')).json()) as { token: string }).token;
      expect((await h.api<UserRef[]>('/users/list?searchParam=ATEND', { token: carla })).body).toEqual([{ id: created.body.id, name: 'Carla Atendente', profile: 'user' }]);
      expect((await h.api<UserRef[]>('/users/list?searchParam=demo.test', { token: carla })).body).toEqual([]);
      expect((await h.api<UserRef[]>('/users/list?searchParam=%25', { token: carla })).body).toEqual([]);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-user`)).toContainEqual({ action: 'create', id: created.body.id }));
    } finally {
      feed.close();
    }
  });

  it('a user changes their own name and password, but not their profile or queues; the log says the password changed, not what to', async () => {
    const { body: u } = await h.api<User>('/users', { token: adminToken, body: { name: 'Davi', email: 'davi@demo.test', password: 'Davi-pass-1' } });
    const token = ((await (await signIn('davi@demo.test', 'Davi-pass-1')).json()) as { token: string }).token;
    expect((await h.api<User>(`/users/${u.id}`, { method: 'PUT', token, body: { name: 'Davi Souza', password: 'novaSenha1' } })).body).toMatchObject({ name: 'Davi Souza' });
    expect((await signIn('davi@demo.test', 'Davi-pass-1')).status).toBe(401);
    expect((await signIn('davi@demo.test', 'novaSenha1')).status).toBe(200);
    expect(await h.api(`/users/${u.id}`, { method: 'PUT', token, body: { profile: 'admin' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await h.api(`/users/${u.id}`, { method: 'PUT', token, body: { queueIds: h.queueIds } })).toMatchObject({ status: 403 });
    // Someone else's record: not theirs to read or change.
    const adminId = (await h.api<{ id: number }>('/auth/me', { token: adminToken })).body.id;
    expect((await h.api(`/users/${adminId}`, { token })).status).toBe(403);
    expect((await h.api(`/users/${adminId}`, { method: 'PUT', token, body: { name: 'x' } })).status).toBe(403);
    const changed = (await h.atendo.store.readStream(`user-${h.companyId}.${u.id}`)).filter((e) => e.type === 'PasswordChanged');
    expect(changed.map((e) => e.data)).toEqual([{ id: u.id, by: 'self' }]);
  });

  it("a changed password ends the user's other sessions: their own change keeps the session that made it, an admin's ends them all", async () => {
    const ivo = await addUser(h, 'ivo@demo.test');
    const refresh = (cookie: string) => fetch(`${h.url}/auth/refresh_token`, { method: 'POST', headers: { cookie } });
    const here = await h.login(ivo.email, ivo.password);
    const stolen = await h.login(ivo.email, ivo.password);
    expect((await h.api(`/users/${ivo.id}`, { method: 'PUT', token: here.token, body: { password: 'Changed-pass-1' } })).status).toBe(200);
    expect((await refresh(stolen.cookie)).status).toBe(401);
    const kept = await refresh(here.cookie);
    expect(kept.status).toBe(200);
    const again = (kept.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await h.api(`/users/${ivo.id}`, { method: 'PUT', token: adminToken, body: { password: 'Admin-set-pass-2' } })).status).toBe(200);
    expect((await refresh(again)).status).toBe(401);
  });

  it('only super users make super users; an admin cannot raise anyone, themselves included', async () => {
    const adminId = (await h.api<{ id: number }>('/auth/me', { token: adminToken })).body.id;
    expect(await h.api('/users', { token: adminToken, body: { name: 'Eva', email: 'eva@demo.test', password: 'Eva-pass-1', super: true } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await h.api(`/users/${adminId}`, { method: 'PUT', token: adminToken, body: { super: true } })).toMatchObject({ status: 403 });
    expect((await h.api<User>(`/users/${adminId}`, { token: adminToken })).body.super).toBe(false);
  });

  it("nobody but a super user changes a super user: a platform admin can take over neither the super admin's password nor e-mail", async () => {
    const superMe = (await h.api<{ id: number; companyId: number }>('/auth/me', { token: superToken })).body;
    const ops = await addUser(h, 'ops@platform.test', { profile: 'admin', companyId: superMe.companyId });
    const opsToken = (await h.login(ops.email, ops.password)).token;
    for (const body of [{ password: 'Taken-over-1' }, { email: 'ops+super@platform.test' }, { name: 'Not super' }, { super: false }, { profile: 'user' }]) {
      expect(await h.api(`/users/${superMe.id}`, { method: 'PUT', token: opsToken, body })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await signIn(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).status).toBe(200);
    expect((await signIn('ops+super@platform.test', 'Taken-over-1')).status).toBe(401);
    // The super user still keeps their own record.
    expect((await h.api(`/users/${superMe.id}`, { method: 'PUT', token: superToken, body: { name: 'Super Admin' } })).status).toBe(200);
  });

  it('refuses a taken e-mail, foreign queues and bad input, writing nothing', async () => {
    const before = await eventCount();
    expect(await h.api('/users', { token: adminToken, body: { name: 'Outro', email: 'CARLA@demo.test', password: 'Outro-pass-1' } })).toMatchObject({ status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS' } });
    expect(await h.api('/users', { token: adminToken, body: { name: 'Outro', email: 'outro@demo.test', password: 'Outro-pass-1', queueIds: [999999] } })).toMatchObject({ status: 400, body: { details: [{ path: 'queueIds' }] } });
    // The one password rule of sign-up, the reset and the profile: 8 characters with upper, lower and a digit.
    expect(await h.api('/users', { token: adminToken, body: { name: 'Fraca', email: 'fraca@demo.test', password: 'abc123' } })).toMatchObject({ status: 400, body: { details: [{ path: 'password', rule: 'password' }] } });
    const adminId = (await h.api<{ id: number }>('/auth/me', { token: adminToken })).body.id;
    expect(await h.api(`/users/${adminId}`, { method: 'PUT', token: adminToken, body: { password: 'abcdefgh' } })).toMatchObject({ status: 400, body: { details: [{ path: 'password', rule: 'password' }] } });
    expect(await h.api(`/users/${adminId}`, { method: 'PUT', token: adminToken, body: { password: '' } })).toMatchObject({ status: 400, body: { details: [{ path: 'password' }] } });
    const bad = await h.api<{ details: Array<{ path: string }> }>('/users', { token: adminToken, body: { name: 'O', email: 'nope', password: '123' } });
    expect([...new Set(bad.body.details.map((d) => d.path))].sort()).toEqual(['email', 'name', 'password']);
    expect(await eventCount()).toBe(before);
  });

  it("stops at the plan's user limit, and when the company switches user creation off", async () => {
    const plan = (await h.api<{ plan: Plan }>(`/companies/listPlan/${h.companyId}`, { token: adminToken })).body.plan;
    const count = (await h.api<UserPage>('/users', { token: adminToken })).body.count;
    const setLimit = async (users: number) => h.atendo.readYourWrites((await handleCommand(h.atendo.store, planDecider, planStream(plan.id), { type: 'update', changes: { users } }, { actor: { type: 'system' } })).position);
    await setLimit(count);
    try {
      expect(await h.api('/users', { token: adminToken, body: { name: 'Fábio', email: 'fabio@demo.test', password: 'Fabio-pass-1' } })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT_REACHED', details: { limit: count, count } } });
    } finally {
      await setLimit(plan.users);
    }
    await h.api('/settings/userCreation', { method: 'PUT', token: adminToken, body: { value: 'disabled' } });
    expect(await h.api('/users', { token: adminToken, body: { name: 'Fábio', email: 'fabio@demo.test', password: 'Fabio-pass-1' } })).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
    await h.api('/settings/userCreation', { method: 'PUT', token: adminToken, body: { value: 'enabled' } });
    expect((await h.api('/users', { token: adminToken, body: { name: 'Fábio', email: 'fabio@demo.test', password: 'Fabio-pass-1' } })).status).toBe(201);
  });

  it('deletes a user: they cannot sign in, their e-mail is free again, and nobody deletes themselves', async () => {
    const { body: u } = await h.api<User>('/users', { token: adminToken, body: { name: 'Gil', email: 'gil@demo.test', password: 'Gil-pass-1' } });
    expect((await h.api(`/users/${u.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect((await signIn('gil@demo.test', 'Gil-pass-1')).status).toBe(401);
    expect((await h.api('/users', { token: adminToken, body: { name: 'Gil de novo', email: 'gil@demo.test', password: 'Gil-pass-2' } })).status).toBe(201);
    const adminId = (await h.api<{ id: number }>('/auth/me', { token: adminToken })).body.id;
    expect((await h.api(`/users/${adminId}`, { method: 'DELETE', token: adminToken })).status).toBe(400);
  });

  it('keeps each user’s language, and the API answers in it when the request names none', async () => {
    const { body: u } = await h.api<User>('/users', { token: adminToken, body: { name: 'Helena', email: 'helena@demo.test', password: 'Helena-pass-1' } });
    const token = ((await (await signIn('helena@demo.test', 'Helena-pass-1')).json()) as { token: string }).token;
    expect((await h.api('/users/set-language/es', { method: 'POST', token })).body).toEqual({ language: 'es' });
    expect((await h.api<User>(`/users/${u.id}`, { token })).body.language).toBe('es');
    expect((await h.api('/users/set-language/fr', { method: 'POST', token })).status).toBe(400);
    const refused = await h.api<{ message: string }>(`/users/${u.id}`, { method: 'PUT', token, body: { name: 'H' } });
    expect(refused.body.message).toBe('name: debe tener al menos 2 caracteres');
    // A super user's token works on any company's users only through the companies routes, not here.
    expect((await h.api(`/users/${u.id}`, { token: superToken })).status).toBe(404);
  });

  it("tells a user's consoles when the account signs in elsewhere, with that session's id", async () => {
    await h.api<User>('/users', { token: adminToken, body: { name: 'Karla', email: 'karla@demo.test', password: 'Karla-pass-1' } });
    const first = (await (await signIn('karla@demo.test', 'Karla-pass-1')).json()) as { token: string; sessionId: string };
    const feed = await h.socket(first.token);
    const adminFeed = await h.socket(adminToken);
    try {
      const second = (await (await signIn('karla@demo.test', 'Karla-pass-1')).json()) as { sessionId: string };
      expect(second.sessionId).not.toBe(first.sessionId);
      await eventually(() => expect(feed.entries(`company-${h.companyId}-auth`)).toContainEqual({ action: 'signedIn', userId: expect.any(Number), sessionId: second.sessionId }));
      // Only that user's consoles hear it.
      await new Promise((r) => setTimeout(r, 300));
      expect(adminFeed.entries(`company-${h.companyId}-auth`).filter((e) => e.sessionId === second.sessionId)).toEqual([]);
    } finally {
      feed.close();
      adminFeed.close();
    }
  });

  it('shows who is at a console: online while their socket pings, offline 5 minutes after the last sign of life', async () => {
    const { body: u } = await h.api<User>('/users', { token: adminToken, body: { name: 'Lia', email: 'lia@demo.test', password: 'Lia-pass-1' } });
    expect((await h.api<User>(`/users/${u.id}`, { token: adminToken })).body.online).toBe(false);
    const token = ((await (await signIn('lia@demo.test', 'Lia-pass-1')).json()) as { token: string }).token;
    const feed = await h.socket(token);
    try {
      await eventually(async () => expect((await h.api<User>(`/users/${u.id}`, { token: adminToken })).body.online).toBe(true));
      await h.atendo.knex('user_presence').where({ user_id: u.id }).update({ last_seen_at: h.atendo.knex.raw("now() - interval '6 minutes'") });
      expect((await h.api<UserPage>('/users?searchParam=lia', { token: adminToken })).body.users[0]!.online).toBe(false);
      // The console's presence ping (every 300 s) brings them back.
      feed.send({ type: 'userStatus' });
      await eventually(async () => expect((await h.api<User>(`/users/${u.id}`, { token: adminToken })).body.online).toBe(true));
    } finally {
      feed.close();
    }
  });
});
