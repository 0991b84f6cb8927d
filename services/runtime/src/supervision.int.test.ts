import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@atendo/contracts';
import { userStream } from '@atendo/core';
import { streamId } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import { activityProjection, ProjectionStoppedError, type Projection } from '@atendo/read';
import { startAtendo, type Atendo } from './atendo.js';
import { projections } from './features/index.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

const run = promisify(execFile);

function ev(companyId: number, type: string, data: unknown): NewEvent {
  return { type, data, metadata: { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() } };
}

interface Health {
  status: string;
  failing?: string[];
  projections: Array<{ name: string; state: string; position: { commit: number; prepare: number } | null; lagSeconds: number; deadLetters: number; lastError: string | null }>;
}

async function health(url: string): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${url}/health`);
  return { status: res.status, body: (await res.json()) as Health };
}

describe('supervised read models in the running product', () => {
  let db: TestDatabase;
  let atendo: Atendo;
  const env = () => ({ ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  const cli = (...args: string[]) =>
    run('node', ['--import', 'tsx', 'services/runtime/src/cli.ts', ...args], { env: env(), cwd: new URL('../../../', import.meta.url).pathname }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    atendo = await startAtendo(config, { roles: ['api', 'read'], log: createLogger('silent') });
  });
  afterAll(async () => {
    await atendo?.stop();
    await db?.drop();
  });

  it('a healthy system answers /health 200 with each projection at its position', async () => {
    const written = await atendo.store.append(userStream(1, 1), [ev(1, 'UserCreated', { id: 1, companyId: 1, name: 'Ana', email: 'ana@one.test', passwordHash: 'x', profile: 'admin', super: false, allTicket: 'enabled', whatsappId: null, queueIds: [] })]);
    await atendo.readYourWrites(written.position);
    const { status, body } = await health(atendo.url!);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.failing).toBeUndefined();
    // Every read model of the product's feature list, each by name.
    expect(body.projections.map((p) => p.name).sort()).toEqual(projections.map((p) => p.name).sort());
    expect(body.projections.map((p) => p.name)).toEqual(expect.arrayContaining(['activity', 'companies', 'tickets', 'users']));
    for (const p of body.projections) expect(p).toMatchObject({ state: 'running', position: written.position, lagSeconds: 0, deadLetters: 0 });
  });

  it('lists a dead letter and applies it again with `atendo dead-letters retry` once the cause is fixed', async () => {
    // A user without a name: the users table refuses it (an event of a schema the read model does not handle).
    const poison = await atendo.store.append(userStream(1, 2), [ev(1, 'UserCreated', { id: 2, companyId: 1, name: null, email: 'bia@one.test', passwordHash: 'x', profile: 'user', super: false, allTicket: 'disabled', whatsappId: null, queueIds: [] })]);
    await atendo.readYourWrites(poison.position);
    const { status, body } = await health(atendo.url!);
    expect(status).toBe(200);
    expect(body.projections.find((p) => p.name === 'users')).toMatchObject({ state: 'running', deadLetters: 1, position: poison.position });

    const listed = await cli('projections');
    expect(listed.stdout).toMatch(/users\tat \d+:\d+\t\d+ events\tupdated \S+\tlag 0 s\trunning\t1 dead letters/);
    expect(listed.stdout).toMatch(/Newest dead letters[\s\S]*users\tUserCreated \S+\tuser-1\.2@0[\s\S]*null value in column "name"/);

    const stillBroken = await cli('dead-letters', 'retry');
    expect(stillBroken).toMatchObject({ code: 1, stdout: expect.stringMatching(/users\tUserCreated \S+\tfailed: .*null value in column "name"[\s\S]*0 of 1 dead letter\(s\) applied/) });

    // The fix: the read model learns to take a user without a name.
    await atendo.knex.raw('ALTER TABLE users ALTER COLUMN name DROP NOT NULL');
    const fixed = await cli('dead-letters', 'retry', '--projection', 'users');
    expect(fixed.stdout).toMatch(/users\tUserCreated \S+\tapplied\n1 of 1 dead letter\(s\) applied\./);
    expect(await atendo.knex('users').where({ id: 2 }).first('email')).toEqual({ email: 'bia@one.test' });
    expect(Number((await atendo.knex('projection_dead_letters').count('* as n').first())!.n)).toBe(0);
    expect((await cli('projections')).stdout).toMatch(/users\t.*\trunning\t0 dead letters/);
    expect(await cli('dead-letters', 'retry', '--projection', 'nope')).toMatchObject({ code: 2, stderr: expect.stringMatching(/Unknown projection "nope"/) });
    // Six runs of the CLI, each a process that starts TypeScript: a minute or more on a slow or busy machine.
  }, 180_000);
});

describe('a strict projection that stops', () => {
  let db: TestDatabase;
  let atendo: Atendo;
  let apiOnly: Atendo;
  const strict: Projection = {
    name: 'strict_notes',
    tables: [],
    eventTypes: ['Noted'],
    strict: true,
    async apply(events) {
      for (const e of events) if ((e.data as { poison?: boolean }).poison) throw new Error('cannot note this');
    },
  };
  const projections = [strict, activityProjection];
  const note = (n: number, poison = false) => atendo.store.append(streamId('note', 4, n), [ev(4, 'Noted', { n, poison })]);

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    atendo = await startAtendo(config, { roles: ['api', 'read'], log: createLogger('silent'), projections });
    apiOnly = await startAtendo(config, { roles: ['api'], log: createLogger('silent'), projections });
  });
  afterAll(async () => {
    await apiOnly?.stop();
    await atendo?.stop();
    await db?.drop();
  });

  it('answers /health 503 naming it, in every process, while the other projections go on', async () => {
    await atendo.readYourWrites((await note(1)).position);
    expect((await health(apiOnly.url!)).status).toBe(200);

    const poisoned = await note(2, true);
    await expect(atendo.readYourWrites(poisoned.position)).rejects.toBeInstanceOf(ProjectionStoppedError);
    const later = await note(3);
    await eventually(async () => expect(Number((await atendo.knex('activity_daily').where({ company_id: 4, event_type: 'Noted' }).first())?.events)).toBe(3));

    for (const url of [atendo.url!, apiOnly.url!]) {
      const { status, body } = await health(url);
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unhealthy', failing: ['strict_notes'] });
      expect(body.projections.find((p) => p.name === 'strict_notes')).toMatchObject({ state: 'stopped', lastError: expect.stringContaining('cannot note this') });
      expect(body.projections.find((p) => p.name === 'activity')).toMatchObject({ state: 'running', position: later.position });
    }
    // The API node without projectors fails read-your-writes at once too, instead of waiting out its timeout.
    await expect(apiOnly.readYourWrites(later.position)).rejects.toThrow(/Read model "strict_notes" is stopped: .*cannot note this/);
  });

  it('answers 503 for a projection further behind than HEALTH_MAX_LAG_SECONDS', async () => {
    const idle: Projection = { name: 'idle_nobody_runs', tables: [], eventTypes: ['Noted'], apply: async () => undefined };
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', HEALTH_MAX_LAG_SECONDS: '600' });
    const watcher = await startAtendo(config, { roles: ['api'], log: createLogger('silent'), projections: [activityProjection, idle] });
    try {
      expect((await health(watcher.url!)).status).toBe(200);
      await atendo.knex.raw(`UPDATE events SET recorded_at = now() - interval '1 hour'`);
      const { status, body } = await health(watcher.url!);
      expect(status).toBe(503);
      expect(body.failing).toEqual(['idle_nobody_runs']);
      expect(body.projections.find((p) => p.name === 'idle_nobody_runs')).toMatchObject({ state: 'not started', position: null });
      expect(body.projections.find((p) => p.name === 'idle_nobody_runs')!.lagSeconds).toBeGreaterThan(3500);
      expect(body.projections.find((p) => p.name === 'activity')).toMatchObject({ lagSeconds: 0 });
    } finally {
      await watcher.stop();
    }
  });
});
