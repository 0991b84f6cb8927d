import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createSimulatorServer, type SimulatorServer } from '@atendo/channels';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import { freePort } from './db/embeddedPostgres.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const NUMBERS = 200;
const PER_NUMBER = 10;
const TOTAL = NUMBERS * PER_NUMBER;

/**
 * The platform runs as its own process; WhatsApp (the simulator) runs here, apart from it, like the real servers.
 * The platform is killed with SIGKILL in the middle of a burst and started again: every message must exist exactly
 * once in the log and in the read model.
 */
describe('crash during ingest', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let client: pg.Client;
  let port: number;
  let platform: ChildProcess | undefined;

  const startPlatform = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/runtime/src/cli.ts', 'start'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SIMULATOR_URL: simulator.url, LOG_LEVEL: 'error', ADMIN_PASSWORD: 'Crash-test-123', SUPER_ADMIN_PASSWORD: 'Crash-test-123' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true), 60_000, 100);
    return child;
  };
  const count = async (sql: string) => Number((await client.query(sql)).rows[0].count);
  const session = async () => (await (await fetch(`${simulator.url}/simulator/sessions/1`)).json()) as { status: string; pending: number };

  beforeAll(async () => {
    db = await createTestDatabase();
    simulator = await createSimulatorServer({ port: 0, redeliverAfterMs: 1000 });
    port = await freePort();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    platform?.kill('SIGKILL');
    await client?.end();
    await simulator?.close();
    await db?.drop();
  });

  it('loses no message and duplicates none when the platform is SIGKILLed mid-burst', async () => {
    platform = await startPlatform();
    await eventually(async () => {
      if ((await session()).status !== 'CONNECTED') await fetch(`${simulator.url}/simulator/sessions/1/scan`, { method: 'POST' });
      expect((await session()).status).toBe('CONNECTED');
    }, 20_000);

    // Ten rounds: each of the 200 customers sends one message per round, so each customer's order is m0 … m9.
    const numbers = Array.from({ length: NUMBERS }, (_, i) => `55119${String(70000000 + i).padStart(8, '0')}`);
    for (let round = 0; round < PER_NUMBER; round++) {
      const res = await fetch(`${simulator.url}/simulator/sessions/1/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: numbers.map((from, i) => ({ from, text: `m${round} from ${i}`, pushName: `Cliente ${i}` })) }),
      });
      expect(res.status).toBe(202);
    }

    // Kill it while it is ingesting: some messages recorded, most not.
    await eventually(async () => expect(await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`)).toBeGreaterThan(150), 30_000, 5);
    platform.kill('SIGKILL');
    await new Promise((r) => platform!.once('exit', r));
    const atKill = await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`);
    expect(atKill).toBeLessThan(TOTAL);

    platform = await startPlatform();
    await eventually(async () => {
      expect(await count(`SELECT count(*) FROM messages`)).toBe(TOTAL);
      expect((await session()).pending).toBe(0);
    }, 120_000, 200);

    // The log: every message once, every customer one contact and one ticket.
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'MessageReceived'`)).toBe(TOTAL);
    expect(await count(`SELECT count(DISTINCT data->>'messageId') FROM events WHERE event_type = 'MessageReceived'`)).toBe(TOTAL);
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'ContactCreated'`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM events WHERE event_type = 'TicketOpened'`)).toBe(NUMBERS);
    // The read model agrees.
    expect(await count(`SELECT count(DISTINCT id) FROM messages`)).toBe(TOTAL);
    expect(await count(`SELECT count(*) FROM contacts`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM tickets WHERE status = 'pending'`)).toBe(NUMBERS);
    expect(await count(`SELECT count(*) FROM tickets WHERE unread_messages = ${PER_NUMBER}`)).toBe(NUMBERS);
    // And each customer's messages are in the order sent.
    const { rows } = await client.query(`SELECT t.id, array_agg(split_part(m.body, ' ', 1) ORDER BY m.ordinal) AS bodies
                                           FROM tickets t JOIN messages m ON m.ticket_id = t.id GROUP BY t.id`);
    const expected = Array.from({ length: PER_NUMBER }, (_, i) => `m${i}`);
    for (const row of rows) expect(row.bodies).toEqual(expected);
    console.log(`crash test: killed with ${atKill}/${TOTAL} messages recorded; after restart ${TOTAL} exactly once`);
  }, 240_000);
});
