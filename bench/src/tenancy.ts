import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowTriggers, QueueIntegrationFields, RecordedEvent } from '@atendo/contracts';
import { companyDecider, companyStream, handleCommand, queueIntegrationDecider, queueIntegrationStream, whatsappDecider, whatsappStream } from '@atendo/core';
import { mediaKey } from '@atendo/api';
import { createSimulatorServer } from '@atendo/channels';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';
import { receiver } from './integrations.js';
import { percentile } from './machine.js';

export interface NeighbourPhase {
  replies: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface NeighbourResult {
  /** Company B's replies with nothing else running, beside company A's ordinary traffic, and beside its hostile automation. */
  alone: NeighbourPhase[];
  ordinary: NeighbourPhase[];
  beside: NeighbourPhase[];
  /** What company A did meanwhile, per beside phase. */
  hostile: { badReferences: number; unreadableFiles: number; deadServiceCalls: number; hugeAnswers: number };
}

/**
 * Issue 32's noisy neighbour, as users meet it: company B's agents reply to their customers at a steady pace, and each
 * reply's time from queued to sent (WhatsApp — the simulator — confirmed it) is measured from the log. Alone, then
 * beside company A's hostile automation, alternated: A queues replies whose file is no stored file or another company's,
 * replies whose stored file cannot be read (each tried until the retry bound), customers talking to a webhook that
 * never answers, and customers answered by a webhook with megabyte answers. A third phase has A do ordinary work at the
 * same pace: the two cores are shared, so that is what A's hostile automation is held against (its failures must cost
 * B no more than its ordinary work does), beside the plain ratio to alone.
 */
export async function neighbours(url: string, options: { replies: number; rounds: number; log?: (line: string) => void }): Promise<NeighbourResult> {
  const say = options.log ?? (() => undefined);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123', PASSWORD_HASH_COST: '12' };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-bench-neighbours-'));
  const simulator = await createSimulatorServer({ port: 0, ackDelaysMs: [5, 10] });
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, FLOW_PRIVATE_URLS: 'allow', SIMULATOR_URL: simulator.url, WHATSAPP_SEND_RETRY_BOUND_MS: '5000', ...env });
  const app = await startAtendo(config, { roles: ['api', 'read', 'channels', 'jobs'], log: createLogger((process.env.BENCH_LOG_LEVEL as 'error' | undefined) ?? 'fatal'), env });
  const dead = await receiver('hang');
  const huge = await receiver(() => ({ replies: ['x'.repeat(1_000_000)] }));
  const fine = await receiver((message) => ({ replies: [`Recebido: ${message.body}`] }));
  const actor = { actor: { type: 'system' as const, name: 'bench' } };
  const nextId = async (kind: string) => Number((await app.knex.raw(`SELECT nextval('${kind}_ids') AS id`)).rows[0].id);
  const pair = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const session = (await (await fetch(`${simulator.url}/simulator/sessions/${id}`)).json()) as { status: string };
      if (session.status === 'CONNECTED') return;
      await fetch(`${simulator.url}/simulator/sessions/${id}/scan`, { method: 'POST' });
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`connection ${id} did not connect`);
  };
  try {
    // B: the seeded demo company. A: a company of its own with its own connection.
    const b = { companyId: app.seeded!.companyId, whatsappId: app.seeded!.whatsappId };
    await pair(b.whatsappId);
    const aCompany = await nextId('company');
    await handleCommand(app.store, companyDecider, companyStream(aCompany), {
      type: 'create', id: aCompany,
      fields: { name: 'Hostile', email: `admin@${aCompany}.bench`, phone: '', planId: 1, status: true, dueDate: new Date(Date.now() + 86_400_000).toISOString(), recurrence: 'MENSAL', settings: {} },
    }, actor);
    const aConnection = await nextId('whatsapp');
    const created = await handleCommand(app.store, whatsappDecider, whatsappStream(aCompany, aConnection), {
      type: 'create', id: aConnection,
      fields: { companyId: aCompany, name: 'Hostile phone', isDefault: true, provider: 'simulator', greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, queueIds: [] },
    }, actor);
    await app.readYourWrites(created.position);
    await app.gateway!.sessions.start(aCompany, aConnection);
    await pair(aConnection);
    const a = { companyId: aCompany, whatsappId: aConnection };

    const integration = async (target: string): Promise<FlowTriggers> => {
      const id = await nextId('queueIntegration');
      const fields: QueueIntegrationFields = {
        type: 'webhook', name: `Hostile ${id}`, projectName: `Hostile ${id}`, jsonContent: '', language: 'pt-BR', urlN8N: target,
        webhookSecret: await app.secrets.store(aCompany, `bench-secret-${id}`), typebotSlug: '', typebotDelayMessage: 0, typebotExpires: 1,
        typebotKeywordFinish: '', typebotKeywordRestart: '', typebotRestartMessage: '', typebotUnknownMessage: '', flowId: null,
      };
      const r = await handleCommand(app.store, queueIntegrationDecider, queueIntegrationStream(aCompany, id), { type: 'create', id, fields }, actor);
      await app.readYourWrites(r.position);
      return { campaigns: [], bots: { connection: { kind: 'integration', id, flowId: null }, queues: {} } };
    };
    const deadBot = await integration(dead.url);
    const hugeBot = await integration(huge.url);
    const fineBot = await integration(fine.url);

    // A stored file of A's whose description cannot be read: every try fails until the retry bound.
    const unreadable = mediaKey(aCompany, 'png');
    const file = path.join(config.blobDir, ...unreadable.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'not really a png');
    await mkdir(`${file}.json`, { recursive: true });

    const queue = (to: { companyId: number; whatsappId: number }, number: string, body: string, mediaUrl?: string) =>
      app.conversations.sendExternal({
        companyId: to.companyId, whatsappId: to.whatsappId, number, messageId: randomUUID(), body, queueId: null,
        ...(mediaUrl ? { media: { mediaType: 'image' as const, mediaUrl, voice: false } } : {}),
      });
    const customerWrites = (number: string, body: string, flows: FlowTriggers) =>
      app.conversations.receive({
        companyId: aCompany, whatsappId: a.whatsappId, queueId: null, messageId: randomUUID(), number, pushName: 'Cliente', body,
        mediaType: 'chat', sentAt: new Date(), isGroup: false, quotedMessageId: null, flows,
      });

    /** B's replies, 40 a second over 20 customers; answers each reply's queued → sent time, from the log. */
    const bPhase = async (name: string, hostile?: () => Promise<void>): Promise<NeighbourPhase> => {
      const queued = new Map<string, number>();
      const sent = new Map<string, number>();
      const sub = app.store.subscribe({ after: await lastPosition(app) }, async (batch: RecordedEvent[]) => {
        for (const e of batch) {
          if (e.metadata.companyId !== b.companyId) continue;
          const id = (e.data as { messageId?: string }).messageId;
          if (!id) continue;
          if (e.type === 'MessageQueued') queued.set(id, e.recordedAt.getTime());
          else if (e.type === 'MessageDispatched') sent.set(id, e.recordedAt.getTime());
        }
      });
      const stopHostile = { stop: false };
      const noise = hostile ? (async () => { while (!stopHostile.stop) await hostile(); })() : Promise.resolve();
      for (let i = 0; i < options.replies; i++) {
        await queue(b, `55419${name}${String(i % 20).padStart(6, '0')}`, `B reply ${i}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      for (let waited = 0; sent.size < options.replies && waited < 120_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      stopHostile.stop = true;
      await noise;
      await sub.stop();
      const ms = [...sent].map(([id, at]) => at - (queued.get(id) ?? at)).sort((x, y) => x - y);
      if (ms.length < options.replies) throw new Error(`${name}: ${ms.length} of ${options.replies} of B's replies were sent`);
      return { replies: ms.length, p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), p99Ms: percentile(ms, 99) };
    };

    const hostile = { badReferences: 0, unreadableFiles: 0, deadServiceCalls: 0, hugeAnswers: 0 };
    let n = 0;
    // What A does, round after round, while B works: 40 things a second.
    const aRound = async () => {
      const k = n++;
      const number = `55418${String(k).padStart(8, '0')}`;
      switch (k % 4) {
        case 0:
          await queue(a, number, 'bad', k % 8 === 0 ? '/x.png' : `/public/${mediaKey(b.companyId, 'png')}`);
          hostile.badReferences++;
          break;
        case 1:
          await queue(a, number, 'unreadable', `/public/${unreadable}`);
          hostile.unreadableFiles++;
          break;
        case 2:
          await customerWrites(number, 'olá', deadBot);
          hostile.deadServiceCalls++;
          break;
        default:
          await customerWrites(number, 'olá', hugeBot);
          hostile.hugeAnswers++;
      }
      await new Promise((r) => setTimeout(r, 25));
    };

    // The same pace of ordinary work: plain replies, and customers answered by a healthy webhook.
    let m = 0;
    const aOrdinary = async () => {
      const k = m++;
      const number = `55417${String(k).padStart(8, '0')}`;
      if (k % 2 === 0) await queue(a, number, 'an ordinary reply');
      else await customerWrites(number, 'olá', fineBot);
      await new Promise((r) => setTimeout(r, 25));
    };

    const alone: NeighbourPhase[] = [];
    const ordinary: NeighbourPhase[] = [];
    const beside: NeighbourPhase[] = [];
    await bPhase('0', undefined); // warm-up
    for (let round = 1; round <= options.rounds; round++) {
      alone.push(await bPhase(`${round}1`));
      ordinary.push(await bPhase(`${round}2`, aOrdinary));
      beside.push(await bPhase(`${round}3`, aRound));
      say(`  round ${round}: p99 alone ${alone.at(-1)!.p99Ms} ms, beside A's ordinary work ${ordinary.at(-1)!.p99Ms} ms, beside A's hostile automation ${beside.at(-1)!.p99Ms} ms`);
    }
    return { alone, ordinary, beside, hostile };
  } finally {
    await dead.close();
    await huge.close();
    await fine.close();
    await app.stop();
    await simulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The log's last position (the subscription starts after it). */
async function lastPosition(app: Awaited<ReturnType<typeof startAtendo>>) {
  let after = { commit: 0, prepare: 0 };
  for (;;) {
    const batch = await app.store.readAll({ after, maxCount: 10_000, placementOnly: true });
    if (batch.length === 0) return after;
    after = batch[batch.length - 1]!.position;
  }
}
