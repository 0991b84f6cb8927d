import { createHash, randomBytes, scrypt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { createKnex, eventStoreMigrations, migrateLatest, PostgresEventStore } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { companiesMigrations, CompanyQueries, runtimeMigrations, UserQueries, usersMigrations } from '@atendo/read';

const readMigrations = [...runtimeMigrations, ...companiesMigrations, ...usersMigrations];
import { AUTH_ERRORS, COMPANIES_ERRORS, composeErrors, composePermissions, PLATFORM_ERRORS, PLATFORM_PERMISSIONS, USERS_ERRORS } from '@atendo/contracts';
import { createApiApp } from '../http/app.js';
import { authRoutes } from './authRoutes.js';
import { CompanyGate } from './companyGate.js';
import { credentialMigrations, Credentials } from './credentials.js';
import { hashPassword } from './passwords.js';
import { RefreshTokens, refreshTokenMigrations } from './refreshTokens.js';
import { RateLimiter, rateLimitMigrations } from './rateLimit.js';

const PASSWORD = 'Right-pass-123';
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A hash as the product made them before OWASP's cost: N=2^14. */
function weakHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(`scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`),
    ),
  );
}

describe('login and sessions', () => {
  let db: TestDatabase;
  let knex: Knex;
  let credentials: Credentials;
  let refreshTokens: RefreshTokens;
  let store: PostgresEventStore;
  const servers: http.Server[] = [];

  /** The auth routes behind `trustProxy`; each app starts with no attempts counted (they live in the database). */
  async function app(trustProxy: boolean | string = 'loopback'): Promise<string> {
    await knex('rate_limits').delete();
    const express = createApiApp({
      log: { error: () => undefined },
      trustProxy,
      secret: 'test-secret',
      users: new UserQueries(knex),
      companies: new CompanyGate(async (id) => new CompanyQueries(knex).company(id)),
      planAllows: async () => true,
      errors: composeErrors([PLATFORM_ERRORS, AUTH_ERRORS, USERS_ERRORS, COMPANIES_ERRORS]),
      // The auth routes are public or for any signed-in user: the platform's keys are all they check.
      permissions: composePermissions([PLATFORM_PERMISSIONS]),
      routes: [
        ...authRoutes({
          secret: 'test-secret',
          accessTtlSeconds: 60,
          refreshTtlSeconds: 3600,
          secureCookies: false,
          users: new UserQueries(knex),
          refreshTokens,
          credentials,
          knex,
          store,
          loginLimits: { perAddress: 3, windowMs: 60_000, freeFailures: 2, delayMs: 100, maxDelayMs: 400 },
        }),
      ],
    });
    const server = http.createServer(express);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const login = (base: string, email: string, password: string, from?: string) =>
    fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
      body: JSON.stringify({ email, password }),
    });
  const refresh = (base: string, cookie: string) => fetch(`${base}/auth/refresh_token`, { method: 'POST', headers: { cookie } });
  const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;

  async function createUser(id: number, email: string, hash: string | Promise<string> = hashPassword(PASSWORD)) {
    const at = new Date();
    await knex('users').insert({ id, company_id: 1, name: email, email, profile: 'admin', super: false, all_ticket: 'enabled', whatsapp_id: null, queue_ids: '[]', created_at: at, updated_at: at });
    // The user's stream too: a sign-in is recorded in it (UserSignedIn).
    const fields = { companyId: 1, name: email, email, profile: 'admin' as const, super: false, allTicket: 'enabled' as const, whatsappId: null, queueIds: [] };
    await handleCommand(store, userDecider, userStream(1, id), { type: 'create', id, fields }, { actor: { type: 'system' } });
    await credentials.set(id, await hash);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, readMigrations, refreshTokenMigrations, credentialMigrations, rateLimitMigrations);
    store = new PostgresEventStore({ connectionString: db.url, listen: false });
    credentials = new Credentials(knex);
    refreshTokens = new RefreshTokens(knex, 3600, 30);
    const at = new Date();
    await knex('companies').insert({ id: 1, name: 'One', email: 'one@x.test', phone: '', plan_id: 1, status: true, due_date: null, recurrence: 'MENSAL', settings: '{}', created_at: at, updated_at: at });
    await createUser(1, 'ana@x.test');
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    await store.close();
    await knex.destroy();
    await db.drop();
  });

  it('two tabs refreshing with the same cookie both get a session; a replay after the grace revokes the family', async () => {
    const base = await app();
    const first = cookieOf(await login(base, 'ana@x.test', PASSWORD));
    const tabA = await refresh(base, first);
    const tabB = await refresh(base, first);
    expect([tabA.status, tabB.status]).toEqual([200, 200]);
    const [a, b] = [cookieOf(tabA), cookieOf(tabB)];
    expect(a).not.toBe(b);
    expect((await refresh(base, a)).status).toBe(200);

    // Later, the first cookie comes back once more: someone kept a copy.
    await knex('refresh_tokens').where({ token_hash: sha256(decodeURIComponent(first.slice('jrt='.length))) }).update({ rotated_at: knex.raw(`now() - interval '31 seconds'`) });
    expect((await refresh(base, first)).status).toBe(401);
    expect((await refresh(base, b)).status).toBe(401);
  });

  it('purges refresh tokens that are expired or revoked and keeps the live ones', async () => {
    const live = await refreshTokens.issue(1, 1);
    const revoked = await refreshTokens.issue(1, 1);
    await refreshTokens.revokeFamilyOf(revoked);
    const expired = await refreshTokens.issue(1, 1);
    await knex('refresh_tokens').where({ token_hash: sha256(expired) }).update({ expires_at: knex.raw(`now() - interval '1 second'`) });
    expect(await refreshTokens.purge()).toBeGreaterThanOrEqual(2);
    const left = (await knex('refresh_tokens').select('token_hash')).map((r: { token_hash: string }) => r.token_hash);
    expect(left).toContain(sha256(live));
    expect(left).not.toContain(sha256(revoked));
    expect(left).not.toContain(sha256(expired));
    expect(await knex('refresh_tokens').whereNotNull('revoked_at').orWhere('expires_at', '<', knex.fn.now())).toEqual([]);
  });

  it("slows down the guessing of one account without locking its owner out: failures past the free ones wait longer each time, the right password still gets in", async () => {
    const base = await app();
    await createUser(2, 'bia@x.test');
    // One account guessed from many addresses behind the proxy: never refused, each failure past the second slower.
    const answers: Array<{ status: number; ms: number }> = [];
    for (let i = 1; i <= 5; i++) {
      const started = Date.now();
      const status = (await login(base, 'bia@x.test', 'wrong', `203.0.113.${i}`)).status;
      answers.push({ status, ms: Date.now() - started });
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    // Lower bounds only: the third waits 100 ms, the fourth 200, the fifth 400 (at most 400).
    expect(answers[2]!.ms).toBeGreaterThanOrEqual(95);
    expect(answers[3]!.ms).toBeGreaterThanOrEqual(195);
    expect(answers[4]!.ms).toBeGreaterThanOrEqual(395);
    // Its owner, with the right password, gets in (after the same wait), and starts afresh.
    expect((await login(base, 'BIA@x.test', PASSWORD, '203.0.113.50')).status).toBe(200);
    expect(await new RateLimiter(knex, 'login:failures:', 1, 60_000).count('bia@x.test')).toBe(0);
    // Other users behind the same proxy are not held back by it.
    expect((await login(base, 'ana@x.test', PASSWORD, '203.0.113.60')).status).toBe(200);
  });

  it('limits attempts per address across accounts', async () => {
    const base = await app();
    // One address trying many accounts.
    const fromOne = [];
    for (let i = 0; i < 4; i++) fromOne.push((await login(base, `nobody${i}@x.test`, 'wrong', '198.51.100.7')).status);
    expect(fromOne).toEqual([401, 401, 401, 429]);
  });

  it('remembers attempts across a restart: a new process counts on from where the old one stopped', async () => {
    const before = await app();
    await createUser(4, 'dora@x.test');
    expect((await login(before, 'dora@x.test', 'wrong', '203.0.113.70')).status).toBe(401);
    expect((await login(before, 'dora@x.test', 'wrong', '203.0.113.71')).status).toBe(401);
    // Another process (or the same after a restart) with the same database: the account's failures still count.
    expect(await new RateLimiter(knex, 'login:failures:', 1, 60_000).count('dora@x.test')).toBe(2);
  });

  it('reads the client address from X-Forwarded-For only when told to trust the proxy', async () => {
    // Not trusted: every request counts against the proxy's own address, whatever it forwards.
    const untrusting = await app(false);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(untrusting, `someone${i}@x.test`, 'wrong', `192.0.2.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Trusted: the forwarded addresses are separate clients.
    const trusting = await app('127.0.0.1');
    const separate = [];
    for (let i = 0; i < 4; i++) separate.push((await login(trusting, `someone${i}@x.test`, 'wrong', `192.0.2.${i}`)).status);
    expect(separate).toEqual([401, 401, 401, 401]);
  });

  it('hashes a password again with today’s cost when it logs in with a weaker hash', async () => {
    const base = await app();
    await createUser(3, 'caio@x.test', weakHash(PASSWORD));
    expect(await credentials.get(3)).toMatch(/^scrypt\$16384\$/);
    expect((await login(base, 'caio@x.test', 'wrong', '198.51.100.20')).status).toBe(401);
    expect(await credentials.get(3)).toMatch(/^scrypt\$16384\$/);
    expect((await login(base, 'caio@x.test', PASSWORD, '198.51.100.20')).status).toBe(200);
    expect(await credentials.get(3)).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login(base, 'caio@x.test', PASSWORD, '198.51.100.20')).status).toBe(200);
  });

  it('keeps password hashes out of the users read model', async () => {
    expect(await knex.schema.hasColumn('users', 'password_hash')).toBe(false);
  });
});
