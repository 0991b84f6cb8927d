import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '@atendo/contracts';
import { handleCommand, userDecider, userStream } from '@atendo/core';
import { streamId } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import { activityProjection, usersProjection, type Projection } from '@atendo/read';
import { signAccessToken } from '@atendo/api';
import { startAtendo, type Atendo } from './atendo.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

const run = promisify(execFile);

const shout: Projection = {
  name: 'shout',
  tables: [],
  eventTypes: ['Shouted'],
  async apply(events, { emit }) {
    for (const e of events) emit({ companyId: e.metadata.companyId, channel: 'ticket', payload: { action: 'update', said: e.data }, audience: { kind: 'company' } });
  },
};

describe('atendo composed (api + read roles, in-process bus)', () => {
  let db: TestDatabase;
  let atendo: Atendo;
  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
    atendo = await startAtendo(config, { roles: ['api', 'read'], log: createLogger('warn'), projections: [shout, activityProjection, usersProjection] });
  });
  afterAll(async () => {
    await atendo?.stop();
    await db.drop();
  });

  it('answers /health with its roles and adapters', async () => {
    const res = await fetch(`${atendo.url}/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', roles: ['api', 'read'], eventStore: 'postgres', bus: 'in-process' });
    const missing = await fetch(`${atendo.url}/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'ERR_NOT_FOUND', message: 'Not found.' });
  });

  it('carries an appended event through projector, bus and socket to the client', async () => {
    const created = await handleCommand(atendo.store, userDecider, userStream(5, 1), {
      type: 'create',
      id: 1,
      fields: { companyId: 5, name: 'Ana', email: 'ana@five.test', profile: 'admin', super: false, allTicket: 'enabled', whatsappId: null, queueIds: [] },
    }, { actor: { type: 'system' } });
    await atendo.readYourWrites(created.position);
    // The feed lets in only the users of a company in good standing; this process projects no companies, so its row is
    // written here as the companies projection would.
    await atendo.knex('companies').insert({ id: 5, name: 'Five', email: 'five@five.test', phone: '', plan_id: 1, status: true, due_date: new Date(Date.now() + 86_400_000), recurrence: 'MENSAL', settings: {}, created_at: new Date(), updated_at: new Date() });
    const token = signAccessToken({ userId: 1, companyId: 5, profile: 'admin', super: false }, atendo.jwtSecret, 60);
    const ws = new WebSocket(`${atendo.url!.replace('http', 'ws')}/socket`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: token })));
    const got: ServerMessage[] = [];
    ws.on('message', (m) => got.push(JSON.parse(String(m))));
    await eventually(() => expect(got[0]?.type).toBe('ready'));
    await atendo.store.append(streamId('demo', 5, 1), [
      { type: 'Shouted', data: 'hello', metadata: { companyId: 5, actor: { type: 'system' }, correlationId: 'x', causationId: 'x', occurredAt: '2026-11-22T10:00:00.000Z' } },
    ]);
    await eventually(() => expect(got[1]).toMatchObject({ type: 'entry', seq: 2, event: 'company-5-ticket', payload: { said: 'hello' } }));
    ws.close();
    await eventually(async () => expect(await atendo.knex('activity_daily').where({ company_id: 5, event_type: 'Shouted' })).toEqual([{ company_id: 5, day: expect.any(Date), event_type: 'Shouted', events: 1 }]));
  });

  it('rebuilds, replays and lists projections from the CLI', async () => {
    const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
    const cli = ['--import', 'tsx', 'services/runtime/src/cli.ts'];
    const cwd = new URL('../../../', import.meta.url).pathname;
    const rebuilt = await run('node', [...cli, 'rebuild', 'activity'], { env, cwd });
    expect(rebuilt.stdout).toMatch(/activity: 2 events folded/);
    const replay = await run('node', [...cli, 'replay', '--company', '5'], { env, cwd });
    const lines = replay.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toMatchObject([{ type: 'UserCreated', streamId: 'user-5.1' }, { type: 'Shouted', data: 'hello', streamId: 'demo-5.1', metadata: { companyId: 5 } }]);
    const listed = await run('node', [...cli, 'projections'], { env, cwd });
    expect(listed.stdout).toMatch(/activity\tat \d+:\d+\t2 events/);
    const unknown = await run('node', [...cli, 'rebuild', 'nope'], { env, cwd }).catch((e: { code: number; stderr: string }) => e);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringMatching(/Unknown projection "nope"/) });
 
    // Each CLI run is a process that starts TypeScript: seconds apiece on a slow or busy machine.
  }, 120_000);
});
