import WebSocket from 'ws';
import type { AppMessageFeedPayload, ServerMessage } from '@atendo/contracts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createLogger, freePort, loadConfig, startAtendo } from '@atendo/runtime';
import { percentile } from './machine.js';

export interface IngestResult {
  label: string;
  offered: number;
  messages: number;
  seconds: number;
  perSecond: number;
  /** The write side alone: messages recorded in the log per second, from the first post to the last append. */
  writtenPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * Inbound messages through the whole path: simulator → gateway → command → event store → projections → bus →
 * a connected WebSocket client. Latency is from the simulator stamping the message to the client receiving it.
 * `rate` undefined: as fast as it goes (sustained throughput); else paced at `rate` messages/s.
 * `customers`: 'returning' (default) sends one unmeasured message from each of `numbers` customers first, so
 * every measured message finds its contact and ticket; 'new' sends each measured message from a number never
 * seen (each one creates a contact, a ticket and a stream).
 */
export async function ingest(
  url: string,
  options: { rate?: number; seconds: number; numbers: number; customers?: 'returning' | 'new'; chatbot?: 'answering' | 'done' },
): Promise<IngestResult> {
  const fresh = options.customers === 'new';
  // The simulator runs in a process of its own, as `make run` starts it (WhatsApp is not inside the platform).
  const simulatorPort = await freePort();
  const simulator = { url: `http://127.0.0.1:${simulatorPort}` };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../services/channels/src/simulator/main.ts')], {
    env: { ...process.env, SIMULATOR_PORT: String(simulatorPort), SIMULATOR_HOST: '127.0.0.1', SIMULATOR_DATA_FILE: '' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${simulator.url}/simulator/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', SIMULATOR_URL: simulator.url, WEB_DIST: '/nonexistent', ...env });
  const app = await startAtendo(config, { roles: ['api', 'read', 'channels'], log: createLogger('error'), env });
  const { whatsappId, companyId } = app.seeded!;
  // Pair the demo connection once its session reached the simulator.
  for (let i = 0; i < 200; i++) {
    await fetch(`${simulator.url}/simulator/sessions/${whatsappId}/scan`, { method: 'POST' });
    const session = (await (await fetch(`${simulator.url}/simulator/sessions/${whatsappId}`)).json()) as { status?: string };
    if (session.status === 'CONNECTED') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const login = (await (await fetch(`${app.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.atendo.local', password: env.ADMIN_PASSWORD }) })).json()) as { token: string };

  if (options.chatbot) await withChatbot(app.url!, login.token, whatsappId, companyId);

  const latencies: number[] = [];
  let received = 0;
  let lastAt = 0;
  const ws = new WebSocket(`${app.url!.replace('http', 'ws')}/socket`);
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: login.token })));
  await new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as ServerMessage;
      if (m.type === 'ready') resolve();
      if (m.type === 'entry' && m.event === `company-${companyId}-appMessage`) {
        const p = m.payload as unknown as AppMessageFeedPayload;
        if (p.action !== 'create' || p.message.fromMe) return;
        received++;
        lastAt = Date.now();
        latencies.push(Date.now() - Date.parse(p.message.createdAt));
      }
    }),
  );

  const numbers = Array.from({ length: options.numbers }, (_, i) => `55219${String(10000000 + i).padStart(8, '0')}`);
  const from = (n: number) => (fresh ? `55218${String(10000000 + n).padStart(8, '0')}` : numbers[n % numbers.length]);
  const post = (count: number, offset: number) =>
    fetch(`${simulator.url}/simulator/sessions/${whatsappId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: Array.from({ length: count }, (_, i) => ({ from: from(offset + i), text: `mensagem ${offset + i}` })) }),
    });
  if (!fresh) {
    // Every customer writes once, unmeasured: the measured messages are all returning customers'.
    await post(numbers.length, 0);
    while (received < numbers.length) await new Promise((r) => setTimeout(r, 20));
    if (options.chatbot === 'done') {
      // Each picks the second queue (no menu): the bot is done with them, the rules still run on every message.
      await fetch(`${simulator.url}/simulator/sessions/${whatsappId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: numbers.map((n) => ({ from: n, text: '2' })) }),
      });
      while (received < 2 * numbers.length) await new Promise((r) => setTimeout(r, 20));
    }
    received = 0;
    latencies.length = 0;
  }
  let started = Date.now();
  let offered = 0;
  if (options.rate) {
    // One second at the same rate first, not measured: the first requests pay for compiling and opening pools.
    const warmupEnd = Date.now() + 1000;
    let warm = 0;
    while (Date.now() < warmupEnd) {
      await post(Math.max(1, Math.round(options.rate / 50)), 1_000_000 + warm);
      warm += Math.max(1, Math.round(options.rate / 50));
      await new Promise((r) => setTimeout(r, 20));
    }
    while (received < warm && Date.now() < warmupEnd + 5000) await new Promise((r) => setTimeout(r, 20));
    received = 0;
    latencies.length = 0;
    started = Date.now();
    // Paced: a small batch every 20 ms.
    const perTick = Math.max(1, Math.round(options.rate / 50));
    while (Date.now() - started < options.seconds * 1000) {
      const due = started + (offered / options.rate) * 1000;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      await post(perTick, offered);
      offered += perTick;
    }
  } else {
    offered = Math.round(options.seconds * 2000);
    for (let sent = 0; sent < offered; sent += 500) await post(Math.min(500, offered - sent), sent);
  }
  const deadline = Date.now() + 60_000;
  while (received < offered && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const seconds = ((received === offered ? lastAt : Date.now()) - started) / 1000;
  ws.close();
  const { rows } = await app.knex.raw<{ rows: Array<{ n: string; last: Date }> }>(
    `SELECT count(*) AS n, max(recorded_at) AS last FROM events WHERE event_type = 'MessageReceived' AND recorded_at >= ?`,
    [new Date(started)],
  );
  const writtenPerSecond = Math.round(Number(rows[0]!.n) / ((rows[0]!.last.getTime() - started) / 1000));
  await app.stop();
  child.kill('SIGTERM');
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label: `${options.rate ? `paced at ${options.rate}/s` : 'as fast as possible'}, ${fresh ? 'new customers' : `${options.numbers} returning customers`}${options.chatbot === 'answering' ? ', chatbot answering each' : options.chatbot === 'done' ? ', chatbot rules on each (menu done)' : ''}`,
    offered,
    messages: received,
    seconds,
    perSecond: Math.round(received / seconds),
    writtenPerSecond,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/**
 * The demo connection as a company with a chatbot sets it up: three queues, the first with a two-level menu, the
 * company's hours (open all day, so every message is checked against them), and room for the menu to be repeated
 * after every answer the bot cannot use (with `answering`, each measured message gets a reply from the bot).
 */
async function withChatbot(url: string, token: string, whatsappId: number, companyId: number): Promise<void> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const queueIds: number[] = [];
  for (const [i, name] of ['Financeiro', 'Suporte', 'Comercial'].entries()) {
    queueIds.push((await call('POST', '/queue', { name, color: `#10${i}0a0`, greetingMessage: `${name}, olá!` })).id);
  }
  for (const title of ['Boletos', 'Cartão', 'Pix']) {
    const parent = await call('POST', '/queue-options', { queueId: queueIds[0], title, message: `Sobre ${title}:` });
    for (const child of ['Segunda via', 'Prazo']) await call('POST', '/queue-options', { queueId: queueIds[0], parentId: parent.id, title: child, message: `${child} de ${title}.` });
  }
  const allDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({ weekday: d, weekdayEn: d, startTime: '00:00', endTime: '23:59' }));
  await call('PUT', `/companies/${companyId}/schedules`, { schedules: allDay });
  await call('PUT', '/settings/scheduleType', { value: 'company' });
  await call('PUT', `/whatsapp/${whatsappId}`, { queueIds, greetingMessage: 'Olá! Escolha um setor:', outOfHoursMessage: 'Fechados.', maxUseBotQueues: 1000 });
  // The gateway reads a connection's chatbot at most a second old.
  await new Promise((r) => setTimeout(r, 1_100));
}

