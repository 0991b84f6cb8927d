import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { ServerMessage } from '@atendo/contracts';
import { createKnex, migrateLatest, streamId } from '@atendo/platform';
import { companiesProjection, queuesProjection, rebuildProjection, usersProjection } from '@atendo/read';
import { allMigrations, createLogger, loadConfig, startAtendo } from '@atendo/runtime';
import { percentile } from './machine.js';
import { conversationEvents, createTicketSummaryTable, ticketSummaries } from './ticketSummaries.js';

export interface LatencyResult {
  rate: number;
  sent: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Appends one message event every 1000/rate ms for `seconds`; a WebSocket client measures how long each took
 * from the append call to its feed entry (append → projector commit → bus → socket).
 */
export async function feedLatency(url: string, rate: number, seconds: number): Promise<LatencyResult> {
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' });
  const knex = createKnex(url);
  await migrateLatest(knex, ...allMigrations);
  await createTicketSummaryTable(knex);
  await knex.destroy();
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const app = await startAtendo(config, { roles: ['api', 'read'], log: createLogger('error'), projections: [ticketSummaries], env });
  // The seeded admin watches; the read models its login reads are not run here, so the seed is projected by hand.
  for (const projection of [companiesProjection, usersProjection, queuesProjection]) await rebuildProjection({ store: app.store, knex: app.knex, projection });
  const company = app.seeded!.companyId;
  const login = await fetch(`${app.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.atendo.local', password: env.ADMIN_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const ws = new WebSocket(`${app.url!.replace('http', 'ws')}/socket`);
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: token })));
  const latencies: number[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as ServerMessage;
      if (m.type === 'ready') resolve();
      if (m.type === 'entry' && typeof m.payload.sentAt === 'number') latencies.push(performance.timeOrigin + performance.now() - m.payload.sentAt);
    });
  });
  // Open the conversations the messages go to.
  const streams = Array.from({ length: 50 }, (_, i) => streamId('benchticket', company, `live-${i}`));
  for (const [i, s] of streams.entries()) await app.store.append(s, conversationEvents(company, i).slice(0, 1));
  await new Promise((r) => setTimeout(r, 500));
  latencies.length = 0;

  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  const inFlight: Promise<unknown>[] = [];
  while (performance.now() - started < seconds * 1000) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.timeOrigin + performance.now();
    inFlight.push(
      app.store.append(streams[sent % streams.length]!, [
        { type: 'BenchMessageReceived', data: { body: `msg ${sent}`, sentAt }, metadata: { companyId: company, actor: { type: 'system' }, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() } },
      ]),
    );
    sent++;
  }
  await Promise.all(inFlight);
  const deadline = Date.now() + 10_000;
  while (latencies.length < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  ws.close();
  await app.stop();
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rate, sent, received: latencies.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}
