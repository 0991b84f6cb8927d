import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { createTestDatabase, type TestDatabase } from '@atendo/core/testing';
import { usersProjection } from '@atendo/read';
import { signAccessToken } from '@atendo/api';
import { startAtendo, type Atendo } from './atendo.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

/** /health in production: its status to anyone (a load balancer needs no more), its details to a super admin only. */
describe('/health in production', () => {
  let db: TestDatabase;
  let atendo: Atendo;
  let superToken: string;
  let adminToken: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'production', DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(32).toString('hex'), WHATSAPP_AUTH_KEY: randomBytes(32).toString('base64'), SMTP_URL: 'smtp://127.0.0.1:9',
    });
    atendo = await startAtendo(config, { roles: ['api', 'read'], log: createLogger('error'), projections: [usersProjection] });
    const fields = { companyId: 1, allTicket: 'enabled' as const, whatsappId: null, queueIds: [] };
    await handleCommand(atendo.store, userDecider, userStream(1, 1), { type: 'create', id: 1, fields: { ...fields, name: 'Super', email: 'super@x.test', profile: 'admin', super: true } }, { actor: { type: 'system' } });
    const admin = await handleCommand(atendo.store, userDecider, userStream(1, 2), { type: 'create', id: 2, fields: { ...fields, name: 'Admin', email: 'admin@x.test', profile: 'admin', super: false } }, { actor: { type: 'system' } });
    await atendo.readYourWrites(admin.position);
    superToken = signAccessToken({ userId: 1, companyId: 1, profile: 'admin', super: true }, atendo.jwtSecret, 60);
    adminToken = signAccessToken({ userId: 2, companyId: 1, profile: 'admin', super: false }, atendo.jwtSecret, 60);
  });
  afterAll(async () => {
    await atendo?.stop();
    await db?.drop();
  });

  const health = async (token?: string) => {
    const res = await fetch(`${atendo.url}/health`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers anyone, and a company admin, only its status', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await health(adminToken)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await health('not-a-token')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it("answers a super admin's token its details", async () => {
    expect(await health(superToken)).toMatchObject({ status: 200, body: { status: 'ok', roles: ['api', 'read'], eventStore: 'postgres', projections: [expect.objectContaining({ name: 'users' })] } });
  });
});
