import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BotRef, FlowTriggers, QueueIntegrationFields } from '@atendo/contracts';
import { handleCommand, queueIntegrationDecider, queueIntegrationStream } from '@atendo/core';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';

export interface BotPhase {
  customers: number;
  seconds: number;
  repliesPerSecond: number;
  /** From the customer's message recorded to the bot's answer queued on the conversation. */
  p50Ms: number;
  p95Ms: number;
}

export interface IntegrationBenchResult {
  healthy: BotPhase;
  /** The same, for other customers, while as many again talk to an integration whose receiver never answers. */
  beside: BotPhase;
  hanging: number;
}

/** A webhook receiver: answers each message at once with what `answer` makes of it, or never (`hang`). */
export async function receiver(answer: 'hang' | ((message: { body: string }) => unknown)) {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (answer === 'hang') {
        held.push(res);
        return;
      }
      const body = JSON.parse(raw) as { message: { body: string } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(body.message)));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/**
 * Queue integrations at run time (issue 15): `customers` customers each write to a connection whose webhook integration
 * answers them, through the product's path — the message recorded on the conversation, the flow runner starting the
 * integration's run, the signed POST to a local receiver, the answer queued on the conversation. Then the same again
 * for new customers while as many others talk to an integration whose receiver never answers (each call waits out
 * the 30 s deadline): the healthy integration's answers should not slow down.
 */
export async function botReplies(url: string, options: { customers: number; log?: (line: string) => void }): Promise<IntegrationBenchResult> {
  const say = options.log ?? (() => undefined);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-bench-bots-'));
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, FLOW_PRIVATE_URLS: 'allow', ...env });
  const app = await startAtendo(config, { roles: ['read', 'jobs'], log: createLogger((process.env.BENCH_LOG_LEVEL as 'error' | undefined) ?? 'error'), env });
  const fast = await receiver((message) => ({ replies: [`Recebido: ${message.body}`] }));
  const dead = await receiver('hang');
  try {
    const { companyId, whatsappId } = app.seeded!;
    const actor = { actor: { type: 'system' as const, name: 'bench' } };
    const integration = async (id: number, target: string): Promise<BotRef> => {
      const fields: QueueIntegrationFields = {
        type: 'webhook', name: `Bench ${id}`, projectName: `Bench ${id}`, jsonContent: '', language: 'pt-BR', urlN8N: target,
        webhookSecret: await app.secrets.store(companyId, `bench-webhook-secret-${id}`), typebotSlug: '', typebotDelayMessage: 0, typebotExpires: 1,
        typebotKeywordFinish: '', typebotKeywordRestart: '', typebotRestartMessage: '', typebotUnknownMessage: '', flowId: null,
      };
      const r = await handleCommand(app.store, queueIntegrationDecider, queueIntegrationStream(companyId, id), { type: 'create', id, fields }, actor);
      await app.readYourWrites(r.position);
      return { kind: 'integration', id, flowId: null };
    };
    const healthyBot = await integration(900_001, fast.url);
    const deadBot = await integration(900_002, dead.url);
    const triggers = (bot: BotRef): FlowTriggers => ({ campaigns: [], bots: { connection: bot, queues: {} } });

    const count = async (sql: string, bindings: string[] = []) => Number((await app.knex.raw(sql, bindings)).rows[0].n);
    const number = (phase: string, i: number) => `55419${phase}${String(i).padStart(7, '0')}`;
    const send = async (phase: string, bot: BotRef, n: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = next++; i < n; i = next++) {
            await app.conversations.receive({
              companyId, whatsappId, queueId: null, messageId: `bench-bot-${phase}-${i}`, number: number(phase, i), pushName: `Cliente ${i}`, body: `pedido ${i}`,
              mediaType: 'chat', sentAt: new Date(), isGroup: false, quotedMessageId: null, flows: triggers(bot),
            });
          }
        }),
      );
    };
    /** Answers queued for a phase's customers (the bot's messages: no user wrote them). */
    const answered = (phase: string) =>
      count(
        `SELECT count(*) AS n FROM messages m JOIN contacts c ON c.id = m.contact_id WHERE m.from_me AND c.number LIKE ? AND m.body LIKE 'Recebido:%'`,
        [`55419${phase}%`],
      );
    const phase = async (name: string, n: number): Promise<BotPhase> => {
      const started = Date.now();
      await send(name, healthyBot, n);
      for (let last = -1, since = Date.now(); ; ) {
        const done = await answered(name);
        if (done >= n) break;
        if (done !== last) [last, since] = [done, Date.now()];
        if (Date.now() - since > 120_000) throw new Error(`${name}: stuck at ${done} of ${n} answers`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (Date.now() - started) / 1000;
      const latency = (await app.knex.raw(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95 FROM (
           SELECT EXTRACT(EPOCH FROM (min(a.created_at) - min(q.created_at))) * 1000 AS ms
           FROM messages q JOIN messages a ON a.ticket_id = q.ticket_id AND a.company_id = q.company_id AND a.from_me
           JOIN contacts c ON c.id = q.contact_id
           WHERE NOT q.from_me AND c.number LIKE ? GROUP BY q.ticket_id) t`,
        [`55419${name}%`],
      )) as { rows: Array<{ p50: number; p95: number }> };
      return { customers: n, seconds, repliesPerSecond: Math.round(n / seconds), p50Ms: Math.round(latency.rows[0]!.p50), p95Ms: Math.round(latency.rows[0]!.p95) };
    };

    say(`  ${options.customers.toLocaleString('en')} customers write to a healthy webhook integration`);
    const healthy = await phase('1', options.customers);
    say(`  answered in ${healthy.seconds.toFixed(1)} s; now beside ${options.customers.toLocaleString('en')} customers of a receiver that never answers`);
    await send('9', deadBot, options.customers);
    const hanging = await count(`SELECT count(*) AS n FROM flow_executions WHERE wait_kind = 'effect'`);
    const beside = await phase('2', options.customers);
    say(`  answered in ${beside.seconds.toFixed(1)} s with ${hanging} calls to the dead receiver waiting`);
    return { healthy, beside, hanging };
  } finally {
    // The dead receiver's held calls end first (they fail), so the runner stops without waiting out their deadline.
    await dead.close();
    await app.stop();
    await fast.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
