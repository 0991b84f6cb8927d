import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowGraph, FlowTriggers } from '@atendo/contracts';
import { flowExecutionStream } from '@atendo/contracts';
import { flowCampaignDecider, flowCampaignStream, flowDecider, flowStream, handleCommand } from '@atendo/core';
import { flowExecution } from '@atendo/flow-engine';
import { createLogger, loadConfig, startAtendo } from '@atendo/runtime';

export interface FlowBenchResult {
  executions: number;
  /** Blocks in the path from the phrase to the first wait, and after the reply to the end. */
  stepsToWait: number;
  stepsAfterReply: number;
  /** From the first phrase to every execution waiting for its reply (each step durable: in the log). */
  startSeconds: number;
  startStepsPerSecond: number;
  /** Executions waiting on a reply at once, and the runtime's memory then. */
  waiting: number;
  rssMiB: number;
  /** From the first reply to every execution finished. */
  replySeconds: number;
  replyStepsPerSecond: number;
  /** The same executions decided by the engine and appended straight to the log, 16 at a time. */
  engineSeconds: number;
  engineStepsPerSecond: number;
}

const node = (id: string, type: string, data: Record<string, unknown>): FlowGraph['nodes'][number] => ({ id, type, position: { x: 0, y: 0 }, data });

/**
 * Durable block steps (issue 13): `executions` customers each write a campaign's phrase; the flow greets them over a
 * few blocks and waits for a reply (all of them waiting at once), then each replies and the flow checks the answer,
 * says goodbye and ends. Every step is the real path: the customer's message recorded in the conversation, the jobs
 * role's runner starting the execution (its events appended), the messages queued on the conversation, the read
 * models following. A step is a block entered (`BlockEntered` in the log).
 */
export async function flowSteps(
  url: string,
  options: { executions: number; concurrency?: number; log?: (line: string) => void; /** The jobs role (the flow runner) in a process of its own. */ separateJobs?: boolean },
): Promise<FlowBenchResult> {
  const say = options.log ?? (() => undefined);
  const env = { ADMIN_PASSWORD: 'Bench-pass-123', SUPER_ADMIN_PASSWORD: 'Bench-pass-123' };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-bench-flows-'));
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...env });
  const app = await startAtendo(config, { roles: options.separateJobs ? ['read'] : ['read', 'jobs'], log: createLogger((process.env.BENCH_LOG_LEVEL as 'error' | undefined) ?? 'error'), env });
  // As at scale (deploy/README.md): the jobs role started the way an operator starts it, `atendo start --roles jobs`.
  const jobs = options.separateJobs
    ? spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../services/runtime/src/cli.ts'), 'start', '--roles', 'jobs'], {
        env: { ...process.env, ...env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'false' },
        stdio: 'ignore',
      })
    : undefined;
  try {
    const { companyId, whatsappId } = app.seeded!;
    const actor = { actor: { type: 'system' as const, name: 'bench' } };
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start', {}),
        node('hello', 'message', { label: 'Olá {{firstName}}!', typingMs: 0 }),
        node('intro', 'message', { label: 'Somos a loja do bairro.', typingMs: 0 }),
        node('hours', 'message', { label: 'Atendemos das 8h às 18h.', typingMs: 0 }),
        node('ask', 'question', { typebotIntegration: { message: 'Qual é o seu pedido?', answerKey: 'order' } }),
        node('check', 'condition', { key: 'order', condition: 'contains', value: 'pizza' }),
        node('yes', 'message', { label: 'Anotado: {{order}}.', typingMs: 0 }),
        node('no', 'message', { label: 'Só temos pizza hoje.', typingMs: 0 }),
        node('bye', 'message', { label: 'Obrigado, {{firstName}}!', typingMs: 0 }),
      ],
      connections: [
        { source: '1', sourceHandle: 'default', target: 'hello' },
        { source: 'hello', sourceHandle: 'default', target: 'intro' },
        { source: 'intro', sourceHandle: 'default', target: 'hours' },
        { source: 'hours', sourceHandle: 'default', target: 'ask' },
        { source: 'ask', sourceHandle: 'default', target: 'check' },
        { source: 'check', sourceHandle: 'true', target: 'yes' },
        { source: 'check', sourceHandle: 'false', target: 'no' },
        { source: 'yes', sourceHandle: 'default', target: 'bye' },
        { source: 'no', sourceHandle: 'default', target: 'bye' },
      ],
    };
    const flowId = 900_001;
    await handleCommand(app.store, flowDecider, flowStream(companyId, flowId), { type: 'create', id: flowId, fields: { companyId, name: 'Bench', active: true } }, actor);
    await handleCommand(app.store, flowDecider, flowStream(companyId, flowId), { type: 'publish', graph }, actor);
    const campaign = { companyId, name: 'Bench', flowId, whatsappId, phrase: 'quero pedir', status: true };
    const published = await handleCommand(app.store, flowCampaignDecider, flowCampaignStream(companyId, 900_001), { type: 'create', id: 900_001, fields: campaign }, actor);
    // As the gateway would: a campaign fires once the read model shows its flow published.
    await app.readYourWrites(published.position);
    const triggers: FlowTriggers = { campaigns: [{ id: 900_001, flowId, phrase: 'quero pedir' }] };
    const stepsToWait = 5;
    const stepsAfterReply = 3;

    const count = async (sql: string) => Number((await app.knex.raw(sql)).rows[0].n);
    const waitFor = async (what: string, sql: string, target: number) => {
      for (let last = -1, since = Date.now(); ; ) {
        const n = await count(sql);
        if (n >= target) return;
        if (n !== last) [last, since] = [n, Date.now()];
        if (Date.now() - since > 120_000) throw new Error(`${what}: stuck at ${n} of ${target}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const customers = (i: number) => `55418${String(i).padStart(8, '0')}`;
    const send = async (body: (i: number) => string) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency ?? 16 }, async () => {
          for (let i = next++; i < options.executions; i = next++) {
            await app.conversations.receive({
              companyId, whatsappId, queueId: null, messageId: `bench-${body(i).length}-${i}-${body(i)}`, number: customers(i), pushName: `Cliente ${i}`, body: body(i),
              mediaType: 'chat', sentAt: new Date(), isGroup: false, quotedMessageId: null, flows: triggers,
            });
          }
        }),
      );
    };

    say(`  ${options.executions.toLocaleString('en')} customers write the phrase`);
    let started = Date.now();
    await send(() => 'Quero pedir');
    say(`  phrases recorded after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await waitFor('waiting on a reply', "SELECT count(*) AS n FROM flow_executions WHERE wait_kind = 'reply'", options.executions);
    // And every greeting and question queued on its conversation (what the customer's phone is sent).
    await waitFor('greetings queued', "SELECT count(*) AS n FROM events WHERE event_type = 'MessageQueued'", options.executions * 4);
    const startSeconds = (Date.now() - started) / 1000;
    const waiting = await count("SELECT count(*) AS n FROM flow_executions WHERE status = 'running' AND wait_kind = 'reply'");
    const rssMiB = process.memoryUsage().rss / 2 ** 20;
    say(`  all waiting after ${startSeconds.toFixed(1)} s; each replies`);
    started = Date.now();
    await send((i) => (i % 2 ? 'uma pizza grande' : 'um pastel'));
    say(`  replies recorded after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await waitFor('finished', "SELECT count(*) AS n FROM flow_executions WHERE status = 'ended'", options.executions);
    // And the last words queued and every ticket let go by its run.
    await waitFor('tickets let go', "SELECT count(*) AS n FROM events WHERE event_type = 'FlowDetached'", options.executions);
    await waitFor('goodbyes queued', "SELECT count(*) AS n FROM events WHERE event_type = 'MessageQueued'", options.executions * 6);
    const replySeconds = (Date.now() - started) / 1000;
    say(`  all finished after ${replySeconds.toFixed(1)} s; the engine alone`);

    // The engine alone: the same flow's executions decided and appended straight to the log (no conversation, no
    // read model in the way): what the runner's own work costs per step.
    const decider = flowExecution({ registry: app.plugins });
    const version = { flowId, version: 1, graph };
    started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency ?? 16 }, async () => {
        for (let i = next++; i < options.executions; i = next++) {
          const stream = flowExecutionStream(companyId, `engine-${i}`);
          const at = new Date().toISOString();
          await handleCommand(app.store, decider, stream, { type: 'StartFlow', executionId: `engine-${i}`, flow: version, ticketId: i, contactId: i, variables: { firstName: 'Ana' }, at }, actor);
          await handleCommand(app.store, decider, stream, { type: 'ReceiveReply', flow: version, message: { id: `r-${i}`, body: 'pizza' }, at }, actor);
        }
      }),
    );
    const engineSeconds = (Date.now() - started) / 1000;
    const entered = await count("SELECT count(*) AS n FROM events WHERE event_type = 'BlockEntered' AND stream_id NOT LIKE 'flowExecution-%.engine-%'");
    if (entered !== options.executions * (stepsToWait + stepsAfterReply)) throw new Error(`expected ${options.executions * (stepsToWait + stepsAfterReply)} blocks entered, found ${entered}`);
    return {
      executions: options.executions,
      stepsToWait,
      stepsAfterReply,
      startSeconds,
      startStepsPerSecond: Math.round((options.executions * stepsToWait) / startSeconds),
      waiting,
      rssMiB,
      replySeconds,
      replyStepsPerSecond: Math.round((options.executions * stepsAfterReply) / replySeconds),
      engineSeconds,
      engineStepsPerSecond: Math.round((options.executions * (stepsToWait + stepsAfterReply)) / engineSeconds),
    };
  } finally {
    if (jobs) {
      jobs.kill('SIGTERM');
      await new Promise((r) => jobs.once('exit', r));
    }
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
