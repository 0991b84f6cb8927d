import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import pg from 'pg';
import { createSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from '@atendo/channels';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import { freePort } from '../db/embeddedPostgres.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const CRASH_PASSWORD = 'Crash-test-123';

/**
 * For crash tests: the platform runs as a process of its own (`atendo start`), to be SIGKILLed; WhatsApp (the
 * simulator) runs in the test, apart from it, like the real servers; a database client reads what was recorded.
 */
export interface CrashRig {
  db: TestDatabase;
  simulator: SimulatorServer;
  client: pg.Client;
  port: number;
  /** Starts the platform and resolves once /health answers. */
  startPlatform(): Promise<ChildProcess>;
  /** Starts the platform and pairs the demo connection (the phone scans its QR code). */
  startPaired(): Promise<ChildProcess>;
  count(sql: string): Promise<number>;
  session(): Promise<{ status: string; pending: number }>;
  close(): Promise<void>;
}

/** `env` adds to the platform's environment (e.g. FAKE_WHATSAPP_URL for Baileys connections against a fake WhatsApp). */
export async function crashRig(simulatorOptions: Partial<SimulatorServerOptions> = {}, env: Record<string, string> = {}): Promise<CrashRig> {
  const db = await createTestDatabase();
  const simulator = await createSimulatorServer({ port: 0, redeliverAfterMs: 1000, ...simulatorOptions });
  let port = await freePort();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const platforms: ChildProcess[] = [];
  const session = async () => (await (await fetch(`${simulator.url}/simulator/sessions/1`)).json()) as { status: string; pending: number };
  /**
   * Starts the platform on `port` and waits until it (this very process: /health names its node) answers. The port
   * was free when chosen, but another test may take it first: then the platform cannot listen and exits, and it is
   * started again on another port.
   */
  const startPlatform = async (): Promise<ChildProcess> => {
    for (let attempt = 1; ; attempt++) {
      const node = `crash-${process.pid}-${attempt}-${Math.random().toString(36).slice(2, 8)}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'services/runtime/src/cli.ts', 'start'], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SIMULATOR_URL: simulator.url, LOG_LEVEL: 'error', ADMIN_PASSWORD: CRASH_PASSWORD, SUPER_ADMIN_PASSWORD: CRASH_PASSWORD, NODE_ID: node, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      platforms.push(child);
      let exited = false;
      child.once('exit', () => (exited = true));
      const deadline = Date.now() + 60_000;
      while (!exited && Date.now() < deadline) {
        const health = await fetch(`http://127.0.0.1:${port}/health`).then((r) => (r.ok ? (r.json() as Promise<{ node?: string }>) : null), () => null);
        if (health?.node === node) return child;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!exited) throw new Error(`the platform did not answer on port ${port} within 60 s`);
      if (attempt >= 3) throw new Error(`the platform exited before answering, ${attempt} times`);
      port = await freePort();
    }
  };
  return {
    db,
    simulator,
    client,
    get port() {
      return port;
    },
    startPlatform,
    async startPaired() {
      const child = await startPlatform();
      await eventually(async () => {
        if ((await session()).status !== 'CONNECTED') await fetch(`${simulator.url}/simulator/sessions/1/scan`, { method: 'POST' });
        expect((await session()).status).toBe('CONNECTED');
      }, 20_000);
      return child;
    },
    count: async (sql) => Number((await client.query(sql)).rows[0].count),
    session,
    async close() {
      for (const p of platforms) p.kill('SIGKILL');
      await client.end();
      await simulator.close();
      await db.drop();
    },
  };
}
