import WebSocket from 'ws';
import type { LoginResponse, ServerMessage } from '@atendo/contracts';
import { randomBytes } from 'node:crypto';
import { BaileysProvider, createSimulatorServer, PgAuthState, type SimulatorServer } from '@atendo/channels';
import { FakeWhatsapp } from '@atendo/channels/testing';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import { startAtendo, type Atendo } from '../atendo.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import type { SendGovernorConfig } from '@atendo/core';

export const ADMIN_EMAIL = 'admin@demo.test';
export const ADMIN_PASSWORD = 'Demo-pass-123';

/** The whole product on a fresh database, with a simulated WhatsApp server, for tests that work it end to end. */
export interface Harness {
  atendo: Atendo;
  simulator: SimulatorServer;
  /** WhatsApp as the Baileys connections see it: the real Baileys provider over fake sockets. */
  whatsapp: FakeWhatsapp;
  db: TestDatabase;
  url: string;
  companyId: number;
  whatsappId: number;
  queueIds: number[];
  login(email?: string, password?: string): Promise<LoginResponse & { cookie: string }>;
  api<T = unknown>(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** Pairs a connection's simulated phone, waiting until it is connected. */
  pair(whatsappId: number): Promise<void>;
  /** Adds a real-number connection (Baileys over the fake WhatsApp) with the admin's token, scans its QR code, and waits until it is connected. */
  linkNumber(token: string, fields: Record<string, unknown>): Promise<number>;
  /** A customer writes to the demo connection (or another); resolves with the simulator's message id. */
  customerSays(number: string, text: string, pushName?: string, whatsappId?: number): Promise<string>;
  socket(token: string): Promise<FeedClient>;
  stop(): Promise<void>;
}

export interface FeedClient {
  messages: ServerMessage[];
  entries(event: string): Array<Record<string, unknown>>;
  /** Every entry received, on any channel. */
  all(): Array<{ channel: string; payload: unknown }>;
  /** Sends a client message (`userStatus` …). */
  send(message: unknown): void;
  close(): void;
}

export async function startHarness(
  options: { env?: Record<string, string>; clock?: () => Date; flowRandom?: (key: string) => number; flowEffectConcurrency?: number; campaignRandom?: (key: string) => number; sendGovernor?: Partial<SendGovernorConfig> } = {},
): Promise<Harness> {
  const db = await createTestDatabase();
  const simulator = await createSimulatorServer({ port: 0, ackDelaysMs: [20, 60], redeliverAfterMs: 500 });
  // Password hashes at 2^12 instead of 2^17: each login and account costs milliseconds, not half a second of a core.
  const env = { ADMIN_EMAIL, ADMIN_PASSWORD, SUPER_ADMIN_PASSWORD: 'Super-pass-123', PASSWORD_HASH_COST: '12' };
  const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIMULATOR_URL: simulator.url, WEB_DIST: '/nonexistent', ...env, ...options.env });
  const whatsapp = new FakeWhatsapp();
  const atendo = await startAtendo(config, {
    roles: ['api', 'read', 'channels', 'jobs'],
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.flowRandom ? { flowRandom: options.flowRandom } : {}),
    ...(options.flowEffectConcurrency ? { flowEffectConcurrency: options.flowEffectConcurrency } : {}),
    ...(options.campaignRandom ? { campaignRandom: options.campaignRandom } : {}),
    ...(options.sendGovernor ? { sendGovernor: options.sendGovernor } : {}),
    log: createLogger('warn'),
    env,
    channelProviders: ({ knex }) => ({
      baileys: new BaileysProvider({
        knex,
        auth: new PgAuthState(knex, { key: randomBytes(32) }),
        version: config.waVersion,
        owner: config.gatewayId,
        socketFactory: whatsapp.factory,
        serverAckTimeoutMs: config.sendTimeoutMs,
        openSpacingMs: 1,
      }),
    }),
  });
  const seeded = atendo.seeded!;
  const url = atendo.url!;

  async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await res.text();
    // A file (the contacts' CSV export, the contact lists' example xlsx) comes back as its text.
    const json = text && !/^(text\/(csv|plain)|application\/vnd\.openxmlformats)/.test(res.headers.get('content-type') ?? '');
    return { status: res.status, body: (json ? JSON.parse(text) : text || undefined) as T };
  }

  // A connection pairs like a phone scanning its QR code; the demo's at once.
  const pair = (whatsappId: number) =>
    eventually(async () => {
      const res = await fetch(`${simulator.url}/simulator/sessions/${whatsappId}`);
      const session = (await res.json()) as { status: string };
      if (session.status !== 'CONNECTED') {
        await fetch(`${simulator.url}/simulator/sessions/${whatsappId}/scan`, { method: 'POST' });
        throw new Error(`session ${session.status}`);
      }
    });
  await pair(seeded.whatsappId);

  return {
    atendo,
    simulator,
    whatsapp,
    db,
    url,
    companyId: seeded.companyId,
    whatsappId: seeded.whatsappId,
    queueIds: seeded.queueIds,
    api,
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
      return { ...((await res.json()) as LoginResponse), cookie };
    },
    pair,
    async linkNumber(token, fields) {
      const created = await api<{ id: number }>('/whatsapp', { token, body: { ...fields, channel: 'baileys' } });
      if (created.status !== 201) throw new Error(`adding a connection answered ${created.status}: ${JSON.stringify(created.body)}`);
      const id = created.body.id;
      await eventually(() => whatsapp.scan(id));
      await eventually(async () => {
        const { body } = await api<{ status: string }>(`/whatsapp/${id}`, { token });
        if (body.status !== 'CONNECTED') throw new Error(`connection ${id} is ${body.status}`);
      });
      return id;
    },
    async customerSays(number, text, pushName, whatsappId = seeded.whatsappId) {
      const res = await fetch(`${simulator.url}/simulator/sessions/${whatsappId}/customers/${number}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, pushName }),
      });
      if (res.status !== 202) throw new Error(`simulator ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
    async socket(token) {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/socket`);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: token })));
      const messages: ServerMessage[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await eventually(() => {
        if (!messages.some((m) => m.type === 'ready')) throw new Error('not ready');
      });
      return {
        messages,
        entries: (event) => messages.flatMap((m) => (m.type === 'entry' && m.event === event ? [m.payload] : [])),
        all: () => messages.flatMap((m) => (m.type === 'entry' ? [{ channel: m.event, payload: m.payload }] : [])),
        send: (message: unknown) => ws.send(JSON.stringify(message)),
        close: () => ws.close(),
      };
    },
    async stop() {
      await atendo.stop();
      await whatsapp.close();
      await simulator.close();
      await db.drop();
    },
  };
}
