import { Readable } from 'node:stream';
import mimeTypes from 'mime-types';
import {
  flowExecutionStream,
  type BotRef,
  type EffectResult,
  type FlowExecutionEvent,
  type FlowVersion,
  type IncomingMessage,
  type PromptFields,
  type QueueIntegrationFields,
  type MediaType,
  type RecordedEvent,
  type TicketFlowEvent,
} from '@atendo/contracts';
import { importRemoteMedia, mediaKey, notTheCompanys, type BlobStore } from '@atendo/api';
import { flowHolding, handleCommand, loadState, nameBasedUuid, recordBotHealth, StateCache, type CommandContext, type ContactStreamService, type FlowOutgoing, type FlowTurnEnd, type FlowSecrets } from '@atendo/core';
import { AppError, type EventStore, type Migration, sqlMigration } from '@atendo/platform';
import { flowExecution, retryPause, type FlowCommand, type FlowExecutionState, type PluginRegistry } from '@atendo/flow-engine';
import { FlowQueries } from '@atendo/read';
import { botGraph } from './botGraph.js';
import { CircuitBreakers } from '../../platform/circuitBreaker.js';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';
import { LogFollower } from '../../platform/process/logFollower.js';
import { outsideFetch } from '../../platform/outsideFetch.js';
import { failedAt, namedIn, type Named } from './runReferences.js';

/** Where the runner stands in the log (projection_checkpoints, like a read model's). */
const CHECKPOINT = 'flow-runner';
/** An outside call (OpenAI, Typebot, HTTP) that takes longer fails with a timeout: a dead service never holds a flow. */
export const EFFECT_TIMEOUT_MS = 30_000;
/** How long the runner tries again to act on an event that keeps failing before its run gives up. */
const RUN_RETRY_BOUND_MS = 30_000;
/** Outside calls in flight at once, over every conversation; more wait their turn, first asked first. */
const EFFECT_CONCURRENCY = 64;

/** The runner's own table: which conversation each run belongs to (written before the run starts). */
export const flowRunMigrations: Migration[] = [
  sqlMigration(
    '202611271803_flow_runs',
    `
        CREATE TABLE flow_runs (
          execution_id text PRIMARY KEY, company_id bigint NOT NULL, ticket_id bigint NOT NULL, conversation text NOT NULL,
          ended boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX flow_runs_ticket ON flow_runs (conversation, ticket_id) WHERE NOT ended;
      `,
    'DROP TABLE flow_runs',
  ),
  sqlMigration(
    '202611271804_flow_deferred_sends',
    `
        CREATE TABLE flow_deferred_sends (
          id text PRIMARY KEY, execution_id text NOT NULL, due_at timestamptz NOT NULL, messages jsonb NOT NULL, then_do jsonb
        );
        CREATE INDEX flow_deferred_sends_due ON flow_deferred_sends (due_at);
      `,
    'DROP TABLE flow_deferred_sends',
  ),
  {
    // A run of a prompt or a queue integration (decision 0033): which one, so its version and its health are its own.
    name: '202611280120_flow_runs_bots',
    up: (knex) => knex.raw(`ALTER TABLE flow_runs ADD COLUMN bot_kind text, ADD COLUMN bot_id bigint, ADD COLUMN bot_flow_id bigint`),
    down: (knex) => knex.raw('ALTER TABLE flow_runs DROP COLUMN bot_kind, DROP COLUMN bot_id, DROP COLUMN bot_flow_id'),
  },
  // The customer's messages that came while their run was busy (an outside call, a pause): each is its next reply.
  sqlMigration(
    '202611280140_flow_inbox',
    `
        CREATE TABLE flow_inbox (
          seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, execution_id text NOT NULL, message_id text NOT NULL, message jsonb NOT NULL, at text NOT NULL,
          UNIQUE (execution_id, message_id)
        );
      `,
    'DROP TABLE flow_inbox',
  ),
];

interface Run {
  executionId: string;
  companyId: number;
  ticketId: number;
  conversation: string;
  /** The prompt or integration whose run this is (decision 0033). */
  bot?: BotRef;
}

export interface FlowRunnerOptions extends RunnerOptions {
  store: EventStore;
  conversations: ContactStreamService;
  plugins: PluginRegistry;
  secrets: FlowSecrets;
  blobs: BlobStore;
  /** Longest sleep between two looks at the due waits. */
  idleMs?: number;
  /** The blocks' random source by draw key (tests seed it); default: the engine's, seeded per execution. */
  random?: (key: string) => number;
  /** Let blocks reach addresses inside this installation's network (FLOW_PRIVATE_URLS=allow). */
  allowPrivateUrls?: boolean;
  /** Outside calls in flight at once (default EFFECT_CONCURRENCY). */
  effectConcurrency?: number;
  /** Failed calls in a row after which a service is left alone for a while, and how long (default 5, 30 s). */
  circuit?: { failures?: number; coolDownMs?: number };
}

/** A passing failure (a 5xx, a 429, the network): tried again as the effect's plugin says (`registry.retryPolicy`). */
const TRANSIENT_FAILURE = /\b(?:HTTP (?:408|429|5\d\d)|network|fetch failed|ECONNRESET|ECONNREFUSED|socket hang up)\b/i;

/** Events of a customer's conversation the runner acts on. */
const CONVERSATION_TYPES = new Set(['FlowRequested', 'FlowReplyRouted', 'TicketAccepted', 'TicketResolved', 'TicketTransferred', 'TicketDeleted']);
/** Events of an execution the runner acts on. */
const RUN_TYPES = new Set(['MessagesRequested', 'TicketHandedOver', 'EffectRequested', 'FlowFinished', 'FlowFailed']);

/** A run's events in a row, as one turn: what it sends, then how it ended (handed over, finished, failed), its outside calls. */
interface Turn {
  run: Run;
  sends: RecordedEvent[];
  handOver?: RecordedEvent;
  end?: RecordedEvent;
  effects: RecordedEvent[];
}
/** Conversations acted on side by side. */
const LANES = 32;

/** A command function's answer when the run has nothing to do now (unlike `null`, a missing version, it is no fault). */
const NOTHING = Symbol('nothing');
type Decided = FlowCommand | null | typeof NOTHING;

/** The execution's id from its stream (`flowExecution-{companyId}.{id}`). */
const executionOf = (event: RecordedEvent) => event.streamId.slice(event.streamId.indexOf('.') + 1);

/**
 * The jobs role's flow runner (issue 13): the process manager between conversations and flow executions. It follows
 * the log from its checkpoint and turns facts into commands — a phrase matched (`FlowRequested`): the run starts on
 * the flow's latest version; a customer's message routed to a run: `ReceiveReply`; the run asks to send, hand over or
 * call out: the conversation's `SendFlowMessages` (its messages, then a hand-over or the end), or the plugin's effect performer; the run
 * ended: the conversation lets the ticket go; a person took the ticket: `StopFlow`. Due waits (reply timeouts,
 * delays, effects never settled) are read from the `flow_executions` read model and fired. Every command is
 * idempotent (ids derived from the event that caused it), so a crash between a command and the checkpoint repeats
 * nothing a customer sees.
 */
export class FlowRunner extends LeaderProcess {
  readonly name = 'flows';
  private readonly flows: FlowQueries;
  private readonly decider;
  private readonly cache = new StateCache<FlowExecutionState>(20_000);
  private readonly versions = new Map<string, Promise<FlowVersion | null>>();
  private readonly latestVersions = new Map<string, { at: number; version: Promise<FlowVersion | null> }>();
  private readonly follower: LogFollower;
  private readonly effects = new Set<Promise<void>>();
  /** Effects being performed now, by execution and wait: the due-wait loop does not start them twice. */
  private readonly performing = new Set<string>();
  /** Effects asked for while EFFECT_CONCURRENCY were in flight, first asked first performed. */
  private readonly waitingEffects: Array<{ key: string; circuit: string; start: () => void }> = [];
  /** Calls in flight per service (circuit): one slow service never takes more than its share of the slots. */
  private readonly inFlight = new Map<string, number>();
  /** Waits fired lately (execution:wait → when): the read model may show one for a moment after it is over. */
  private readonly fired = new Map<string, number>();
  /** Runs with messages waiting in `flow_inbox` (read from the table when the runner starts following the log). */
  private readonly inboxed = new Set<string>();
  private readonly draining = new Map<string, Promise<void>>();
  /** Runs by execution id (a run's conversation and ticket never change). */
  private readonly runs = new Map<string, Run>();
  private readonly fetch: typeof fetch;
  private readonly breakers: CircuitBreakers;
  /** What the runner last recorded of each bot's health ('ok' or 'failing'), so only a change is written. */
  private readonly health = new Map<string, 'ok' | 'failing'>();
  /** Block steps decided since start (for the benchmark). */
  steps = 0;

  constructor(private readonly options: FlowRunnerOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:flows', log: options.log, what: 'flow runner', clock: options.clock });
    this.flows = new FlowQueries(options.knex);
    this.decider = flowExecution({ registry: options.plugins, ...(options.random ? { random: options.random } : {}) });
    this.follower = new LogFollower({ knex: options.knex, store: options.store, log: options.log, checkpoint: CHECKPOINT, what: 'flow runner', handle: (batch) => this.dispatch(batch) });
    this.fetch = outsideFetch({ allowPrivate: options.allowPrivateUrls ?? false });
    this.breakers = new CircuitBreakers({ ...options.circuit, clock: () => this.clock().getTime() });
  }

  protected override async beforeRelease(): Promise<void> {
    await this.follower.stop();
    await Promise.allSettled([...this.effects]);
  }

  /** The loop's tick: follow the log, fire due waits and deferred sends; answers the wait until the next look. */
  protected async look(): Promise<number> {
    const idleMs = this.options.idleMs ?? 250;
    if (!this.follower.following) await this.follow();
    const fired = (await this.fireDue()) + (await this.sendDeferred());
    if (fired > 0) return 0;
    // Only waits fired a moment ago are due (the read model catches up): the next tick.
    const next = await this.flows.nextDue();
    if (!next) return idleMs;
    return Math.max(next.getTime() <= this.clock().getTime() ? idleMs : 0, Math.min(idleMs, next.getTime() - this.clock().getTime()));
  }

  private async follow(): Promise<void> {
    for (const r of (await this.options.knex('flow_inbox').distinct('execution_id')) as Array<{ execution_id: string }>) this.inboxed.add(r.execution_id);
    await this.follower.start();
  }

  /**
   * Acts on a batch (the follower then moves the checkpoint). Each conversation's events (its own, and its runs') are acted on in
   * log order; conversations side by side, a few at a time. What a run's decisions in a row ask of the conversation
   * (messages, then a hand-over or its end) is one command, so the last words always come before the hand-over.
   */
  private async dispatch(batch: RecordedEvent[]): Promise<void> {
    await this.recordRuns(batch);
    const lanes = new Map<string, Array<RecordedEvent | Turn>>();
    for (const event of batch) {
      const ofRun = RUN_TYPES.has(event.type);
      if (!CONVERSATION_TYPES.has(event.type) && !ofRun) continue;
      const run = ofRun ? await this.runOf(executionOf(event)) : undefined;
      if (ofRun && !run) continue;
      const lane = run?.conversation ?? event.streamId;
      const queue = lanes.get(lane) ?? [];
      lanes.set(lane, queue);
      if (!run) {
        queue.push(event);
        continue;
      }
      // The run's events in a row make one turn (a turn that has ended takes nothing more).
      const last = queue.at(-1);
      const turn = last && !('type' in last) && last.run === run && !last.end ? last : { run, sends: [], effects: [] as RecordedEvent[] };
      if (turn !== last) queue.push(turn);
      if (event.type === 'MessagesRequested') turn.sends.push(event);
      else if (event.type === 'EffectRequested') turn.effects.push(event);
      else if (event.type === 'TicketHandedOver') turn.handOver = event;
      else turn.end = event;
    }
    const ended: string[] = [];
    const work = [...lanes.values()];
    const worker = async () => {
      for (let items = work.shift(); items; items = work.shift()) {
        for (const item of items) {
          await this.untilDone(item);
          if (!('type' in item) && item.end) ended.push(item.run.executionId);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, work.length) }, worker));
    if (ended.length) await this.options.knex('flow_runs').whereIn('execution_id', ended).update({ ended: true });
  }

  /**
   * The runs the batch's phrases start, written to `flow_runs` in one statement before any of them starts (a run's
   * conversation and ticket must be found again after a restart), and kept at hand.
   */
  private async recordRuns(batch: RecordedEvent[]): Promise<void> {
    const runs: Run[] = [];
    for (const event of batch) {
      if (event.type !== 'FlowRequested') continue;
      const { executionId, ticketId, bot } = event.data as Extract<TicketFlowEvent, { type: 'FlowRequested' }>['data'];
      runs.push({ executionId, companyId: event.metadata.companyId, ticketId, conversation: event.streamId, ...(bot ? { bot } : {}) });
    }
    if (runs.length === 0) return;
    await this.options.knex('flow_runs')
      .insert(
        runs.map((run) => ({
          execution_id: run.executionId, company_id: run.companyId, ticket_id: run.ticketId, conversation: run.conversation,
          bot_kind: run.bot?.kind ?? null, bot_id: run.bot?.id ?? null, bot_flow_id: run.bot?.flowId ?? null,
        })),
      )
      .onConflict('execution_id')
      .ignore();
    for (const run of runs) this.remember(run);
  }

  /**
   * Acts on an event (or a run's turn), trying again while it fails (every command is idempotent, so a retry repeats
   * nothing) for at most RUN_RETRY_BOUND_MS; a refusal (an AppError) is not tried again. Then the run gives up and its
   * ticket goes back to people, so one conversation's trouble never holds the batch, and with it every company's runs.
   */
  private async untilDone(item: RecordedEvent | Turn): Promise<void> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        if ('type' in item) await this.react(item);
        else await this.turn(item);
        return;
      } catch (err) {
        if (!this.loop.running) throw err;
        const first = 'type' in item ? item : (item.sends[0] ?? item.handOver ?? item.end ?? item.effects[0]);
        if (err instanceof AppError || Date.now() - started >= RUN_RETRY_BOUND_MS) {
          this.options.log.error({ err, eventId: first?.id, type: first?.type, attempt }, 'flow runner gives up on an event; its run lets the ticket go');
          await this.giveUp(item).catch((error: unknown) => this.options.log.error({ err: error, eventId: first?.id }, 'letting the ticket of a run that failed go did not work'));
          return;
        }
        this.options.log.warn({ err, eventId: first?.id, type: first?.type, attempt }, 'flow runner could not act on an event; trying again');
        await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** Math.min(attempt, 8), Math.max(0, started + RUN_RETRY_BOUND_MS - Date.now()))));
      }
    }
  }

  /** The run an event or a turn belongs to lets its ticket go as failed (people see it pending again). */
  private async giveUp(item: RecordedEvent | Turn): Promise<void> {
    const executionId = 'type' in item ? (item.data as { executionId?: string }).executionId : item.run.executionId;
    const run = 'type' in item ? (executionId ? await this.runOf(executionId) : undefined) : item.run;
    if (!run) return;
    await this.options.conversations.execute(run.conversation, { type: 'DetachFlow', ticketId: run.ticketId, executionId: run.executionId, reason: 'failed' }, { actor: { type: 'system', name: 'flows' } });
  }

  /**
   * What a run asked of its conversation in a row of decisions: its messages (each id derived from its event), then a
   * hand-over or the ticket let go when it ended, as one command; and its outside calls.
   */
  private async turn({ run, sends, handOver, end, effects }: Turn): Promise<void> {
    const cause = sends.at(-1) ?? handOver ?? end ?? effects[0]!;
    const context: CommandContext = { actor: { type: 'system', name: 'flows' }, correlationId: cause.metadata.correlationId, causationId: cause.id };
    const all = sends.flatMap((event) =>
      (event.data as Extract<FlowExecutionEvent, { type: 'MessagesRequested' }>['data']).messages.map((m, i) => ({
        delayMs: m.delayMs ?? 0,
        message: {
          messageId: nameBasedUuid(`atendo:flow-message:${event.id}:${i}`),
          body: m.kind === 'text' ? m.body : m.caption,
          ...(m.kind === 'media' ? { mediaType: m.mediaType as MediaType, mediaUrl: m.url, ...(m.voice ? { voice: true } : {}) } : {}),
        } as FlowOutgoing,
      })),
    );
    // Messages after a pause (a content block's interval) wait in a table for their time, the run's end with them.
    const firstPause = all.findIndex((m) => m.delayMs > 0);
    const messages = (firstPause < 0 ? all : all.slice(0, firstPause)).map((m) => m.message);
    const finished = end ? ({ type: end.type, data: end.data } as Extract<FlowExecutionEvent, { type: 'FlowFinished' | 'FlowFailed' }>) : undefined;
    if (finished?.type === 'FlowFailed') this.options.log.warn({ executionId: run.executionId, code: finished.data.code, nodeId: finished.data.nodeId, reason: finished.data.message }, 'a flow failed');
    const then: FlowTurnEnd | undefined = handOver
      ? { type: 'handOver', ...(handOver.data as { queueId: number | null; userId: number | null }) }
      : finished
        ? { type: 'detach', reason: finished.type === 'FlowFailed' ? 'failed' : finished.data.reason === 'stopped' ? 'person' : 'finished' }
        : undefined;
    if (firstPause >= 0) {
      let at = Date.parse(cause.metadata.occurredAt);
      const chunks: Array<{ at: number; messages: FlowOutgoing[] }> = [];
      for (const m of all.slice(firstPause)) {
        if (m.delayMs > 0 || chunks.length === 0) chunks.push({ at: (at += m.delayMs), messages: [] });
        chunks.at(-1)!.messages.push(m.message);
      }
      await this.options.knex('flow_deferred_sends')
        .insert(chunks.map((c, i) => ({ id: `${cause.id}:${i}`, execution_id: run.executionId, due_at: new Date(c.at), messages: JSON.stringify(c.messages), then_do: i === chunks.length - 1 && then ? JSON.stringify(then) : null })))
        .onConflict('id')
        .ignore();
    }
    const now = firstPause >= 0 ? undefined : then;
    if (messages.length > 0 || now) {
      const result = await this.options.conversations.execute(run.conversation, { type: 'SendFlowMessages', ticketId: run.ticketId, executionId: run.executionId, messages, ...(now ? { then: now } : {}) }, context);
      // Refused: the ticket is no longer this run's (a person took it): the run stops, if it still runs.
      if (result.events.length === 0 && !end && flowHolding(result.state, run.ticketId) !== run.executionId) await this.execute(run, context, () => ({ type: 'StopFlow' }));
    }
    for (const e of effects) {
      const data = e.data as Extract<FlowExecutionEvent, { type: 'EffectRequested' }>['data'];
      this.perform(run, data.waitId, data.name, data.input, context);
    }
  }

  private async react(event: RecordedEvent): Promise<void> {
    const companyId = event.metadata.companyId;
    const context: CommandContext = { actor: { type: 'system', name: 'flows' }, correlationId: event.metadata.correlationId, causationId: event.id };
    const e = { type: event.type, data: event.data } as TicketFlowEvent | { type: 'TicketAccepted' | 'TicketResolved' | 'TicketTransferred' | 'TicketDeleted'; data: { ticketId: number } };
    switch (e.type) {
      case 'FlowRequested': {
        const { executionId, flowId, ticketId, bot, reply } = e.data;
        // Recorded in flow_runs with the rest of its batch (recordRuns).
        const run: Run = this.runs.get(executionId) ?? { executionId, companyId, ticketId, conversation: event.streamId, ...(bot ? { bot } : {}) };
        const flow = await this.latest(companyId, flowId, bot && bot.flowId === null ? bot : undefined);
        if (!flow) {
          await this.options.conversations.execute(run.conversation, { type: 'DetachFlow', ticketId, executionId, reason: 'failed' }, context);
          return;
        }
        // The customer as of the phrase (a cached state that far along is not read again).
        const contact = (await this.options.conversations.state(run.conversation, event.streamPosition)).contact;
        const name = contact?.name ?? '';
        const variables = { name, firstName: name.split(/\s+/)[0] ?? '', number: contact?.number ?? '', protocol: String(ticketId) };
        // The execution's id was made with the phrase: its stream is new (after a crash it is read and nothing is repeated).
        await this.execute(run, context, () => ({ type: 'StartFlow', executionId, flow, ticketId, contactId: contact?.id ?? 0, variables, at: event.metadata.occurredAt }), { expectNew: true });
        // A bot woken by the customer's question answers it (a run not waiting for a reply right away takes nothing).
        if (reply) await this.execute(run, context, async (state) => ({ type: 'ReceiveReply', flow: (await this.version(run, state)) ?? flow, message: reply, at: event.metadata.occurredAt }));
        return;
      }
      case 'FlowReplyRouted': {
        const run = await this.runOf(e.data.executionId);
        if (!run) return;
        // Not waiting for a reply (an outside call or a pause is under way), or others wait before it: it waits its turn.
        // Decided on the run's state as the command sees it (its cached one first: a busy answer there is looked at again
        // on a fresh read, like any decision that writes nothing).
        let busy = false;
        await this.execute(run, context, async (current) => {
          busy = current.status === 'running' && !current.taken.includes(e.data.message.id) && (current.wait?.kind !== 'reply' || this.inboxed.has(run.executionId));
          if (busy) return NOTHING;
          const flow = await this.version(run, current);
          return flow ? { type: 'ReceiveReply', flow, message: e.data.message, at: event.metadata.occurredAt } : null;
        });
        if (busy) {
          await this.options.knex('flow_inbox').insert({ execution_id: run.executionId, message_id: e.data.message.id, message: JSON.stringify(e.data.message), at: event.metadata.occurredAt }).onConflict(['execution_id', 'message_id']).ignore();
          this.inboxed.add(run.executionId);
          // It may have become free meanwhile.
          await this.drainInbox(run, context);
        }
        return;
      }
      default: {
        // A person took the ticket, it closed or went elsewhere: its runs stop (the conversation already refuses them).
        const runs = (await this.options.knex('flow_runs').where({ conversation: event.streamId, ticket_id: e.data.ticketId, ended: false })) as Array<{ execution_id: string }>;
        for (const r of runs) {
          const run = await this.runOf(r.execution_id);
          if (run) await this.execute(run, context, () => ({ type: 'StopFlow' }));
        }
      }
    }
  }

  /**
   * Carries out an outside call with the plugin that declares it, off the log's path (a slow service holds neither the
   * other conversations nor the checkpoint), and answers the run with its result. At most EFFECT_CONCURRENCY at once,
   * and at most a quarter of them for one service (a bulkhead): calls to a service that hangs wait their turn behind
   * each other, not in front of everyone else's.
   */
  private perform(run: Run, waitId: number, name: string, input: unknown, context: CommandContext): void {
    const key = `${run.executionId}:${waitId}`;
    if (this.performing.has(key) || this.waitingEffects.some((w) => w.key === key)) return;
    const circuit = circuitOf(run, name, input);
    const limit = this.options.effectConcurrency ?? EFFECT_CONCURRENCY;
    // No slot free, or its service has its share: it waits its turn here (in memory; after a crash, its due time finds it).
    if (this.performing.size >= limit || (this.inFlight.get(circuit) ?? 0) >= Math.max(1, Math.floor(limit / 4))) {
      this.waitingEffects.push({ key, circuit, start: () => this.perform(run, waitId, name, input, context) });
      return;
    }
    this.performing.add(key);
    this.inFlight.set(circuit, (this.inFlight.get(circuit) ?? 0) + 1);
    const work = (async () => {
      const performer = this.options.plugins.performer(name);
      const refused = this.breakers.refuses(circuit);
      let result: EffectResult;
      if (!performer) result = { ok: false, error: `no plugin performs "${name}"` };
      else if (refused !== null) result = { ok: false, error: `${name}: the service failed several times in a row; not asked again for ${Math.ceil(refused / 1000)} s` };
      else {
        // One deadline for every try; a passing failure is tried again as the plugin's policy says (by default after 0.5 s, then 2 s).
        const policy = this.options.plugins.retryPolicy(name);
        const effectContext = this.effectContext(run, policy.deadlineMs);
        for (let attempt = 1; ; attempt++) {
          try {
            const value = await performer(input, effectContext);
            result = { ok: true, value };
            this.breakers.succeeded(circuit);
            break;
          } catch (err) {
            const error = err instanceof Error ? err.message : String(err);
            const again = attempt < policy.tries && !effectContext.signal.aborted && TRANSIENT_FAILURE.test(error) && this.loop.running;
            if (again) {
              await new Promise((r) => setTimeout(r, retryPause(policy, attempt)));
              if (!effectContext.signal.aborted) continue;
            }
            result = { ok: false, error };
            this.breakers.failed(circuit);
            break;
          }
        }
      }
      if (run.bot) await this.recordHealth(run, run.bot, result, context);
      await this.execute(run, context, async (state) => {
        const flow = await this.version(run, state);
        return flow ? { type: 'EffectCompleted', flow, waitId, result, at: this.clock().toISOString() } : null;
      });
    })()
      .catch((err: unknown) => this.options.log.error({ err, executionId: run.executionId, effect: name }, 'a flow effect could not be recorded; it is tried again when due'))
      .finally(() => {
        this.performing.delete(key);
        this.effects.delete(work);
        const left = (this.inFlight.get(circuit) ?? 1) - 1;
        if (left > 0) this.inFlight.set(circuit, left);
        else this.inFlight.delete(circuit);
        if (this.loop.running) this.startWaiting();
      });
    this.effects.add(work);
  }

  /** The first waiting call whose service has room starts (first asked, first performed, service by service). */
  private startWaiting(): void {
    const share = Math.max(1, Math.floor((this.options.effectConcurrency ?? EFFECT_CONCURRENCY) / 4));
    const i = this.waitingEffects.findIndex((w) => (this.inFlight.get(w.circuit) ?? 0) < share);
    if (i >= 0) this.waitingEffects.splice(i, 1)[0]!.start();
  }

  /** A bot's health changes (failing from a failed call, ok again from one that worked): recorded on its stream, once per change. */
  private async recordHealth(run: Run, bot: BotRef, result: EffectResult, context: CommandContext): Promise<void> {
    const key = `${run.companyId}:${bot.kind}:${bot.id}`;
    const now = result.ok ? 'ok' : 'failing';
    if (this.health.get(key) === now) return;
    try {
      const at = this.clock().toISOString();
      await recordBotHealth(this.options.store, { kind: bot.kind, companyId: run.companyId, id: bot.id }, result.ok ? { ok: true, at } : { ok: false, error: result.error, ticketId: run.ticketId, at }, context);
      this.health.set(key, now);
      if (this.health.size > 10_000) this.health.delete(this.health.keys().next().value!);
    } catch (err) {
      this.options.log.warn({ err, bot }, 'the health of a prompt or integration could not be recorded');
    }
  }

  /** What a performer is lent; its deadline is its plugin's, never beyond the runner's (EFFECT_TIMEOUT_MS). */
  private effectContext(run: Run, deadlineMs = EFFECT_TIMEOUT_MS) {
    const { knex, secrets, blobs } = this.options;
    const signal = AbortSignal.timeout(Math.min(deadlineMs, EFFECT_TIMEOUT_MS));
    return {
      signal,
      fetch: this.fetch,
      companyId: run.companyId,
      ticketId: run.ticketId,
      executionId: run.executionId,
      resolveSecret: async (value: string) => {
        const revealed = await secrets.reveal(run.companyId, value);
        if (revealed === null) throw new Error('a secret of this block is missing: edit the block and type it again');
        return revealed;
      },
      history: async (limit: number) => {
        const rows = (await knex('messages')
          .where({ company_id: run.companyId, ticket_id: run.ticketId, is_deleted: false })
          .orderBy('ordinal', 'desc')
          .limit(Math.max(0, Math.min(limit, 100)))
          .select('from_me', 'body', 'media_type', 'media_url')) as Array<{ from_me: boolean; body: string; media_type: string; media_url: string | null }>;
        return rows.reverse().map((r) => ({ fromMe: r.from_me, body: r.body, ...(r.media_type !== 'chat' ? { mediaType: r.media_type } : {}), ...(r.media_url ? { mediaUrl: r.media_url } : {}) }));
      },
      storeMedia: async (data: Uint8Array, mimeType: string, name: string) => {
        const key = mediaKey(run.companyId, mimeTypes.extension(mimeType) || 'bin');
        await blobs.put(key, Readable.from(Buffer.from(data)), { mime: mimeType, name, size: data.byteLength });
        return `/public/${key}`;
      },
      fetchMedia: async (url: string) => {
        const blob = await blobs.get(url.replace(/^\/public\//, ''));
        if (!blob) throw new Error(`no stored file at ${url}`);
        const chunks: Buffer[] = [];
        for await (const chunk of blob.stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return new Uint8Array(Buffer.concat(chunks));
      },
      importMedia: (url: string, kind: 'image' | 'audio' | 'video') => importRemoteMedia({ fetch: this.fetch, blobs }, { companyId: run.companyId, url, kind, signal }),
    };
  }

  /** Fires the waits whose time came: reply timeouts, delays, and effects not settled in time (performed again). */
  async fireDue(): Promise<number> {
    const now = this.clock();
    const due = await this.flows.due(now, 500);
    for (const [key, at] of this.fired) if (at < now.getTime() - 10_000) this.fired.delete(key);
    let fired = 0;
    for (const row of due) {
      const key = `${row.executionId}:${row.waitKind}:${row.waitId}`;
      if (this.fired.has(key)) continue;
      this.fired.set(key, now.getTime());
      const run = await this.runOf(row.executionId);
      if (!run || row.waitId === null) continue;
      const context: CommandContext = { actor: { type: 'system', name: 'flows' } };
      const waitId = row.waitId;
      if (row.waitKind === 'effect') {
        const state = (await this.load(run)).state;
        const key = `${run.executionId}:${waitId}`;
        if (state.wait?.kind === 'effect' && state.wait.id === waitId && !this.performing.has(key) && !this.waitingEffects.some((w) => w.key === key)) {
          const requested = (await this.options.store.readStream(flowExecutionStream(run.companyId, run.executionId))).reverse().find((e) => e.type === 'EffectRequested');
          const data = requested?.data as { waitId: number; name: string; input: unknown } | undefined;
          if (data?.waitId === waitId) this.perform(run, waitId, data.name, data.input, context);
        }
        continue;
      }
      const result = await this.execute(run, context, async (state) => {
        const flow = await this.version(run, state);
        if (!flow) return null;
        return row.waitKind === 'reply' ? { type: 'ReplyTimedOut', flow, waitId, at: now.toISOString() } : { type: 'DelayElapsed', flow, waitId, at: now.toISOString() };
      });
      if (result > 0) fired++;
    }
    return fired;
  }

  /** Sends the messages whose pause is over, in their order, each run's end after its last ones; answers how many. */
  async sendDeferred(): Promise<number> {
    const rows = (await this.options.knex('flow_deferred_sends').where('due_at', '<=', this.clock()).orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(200)) as Array<{
      id: string; execution_id: string; messages: FlowOutgoing[]; then_do: FlowTurnEnd | null;
    }>;
    for (const row of rows) {
      const run = await this.runOf(row.execution_id);
      if (run) {
        const context: CommandContext = { actor: { type: 'system', name: 'flows' } };
        await this.options.conversations.execute(run.conversation, { type: 'SendFlowMessages', ticketId: run.ticketId, executionId: run.executionId, messages: row.messages, ...(row.then_do ? { then: row.then_do } : {}) }, context);
      }
      await this.options.knex('flow_deferred_sends').where({ id: row.id }).delete();
    }
    return rows.length;
  }

  /**
   * The run waits for a reply again: the oldest message that came while it was busy is that reply. One drain per run at
   * a time (an outside call's answer and the log's path may both free it); a message leaves the inbox once taken.
   */
  private drainInbox(run: Run, context: CommandContext): Promise<void> {
    if (!this.inboxed.has(run.executionId)) return Promise.resolve();
    const turn = (this.draining.get(run.executionId) ?? Promise.resolve()).then(() => this.drainOnce(run, context));
    const settled = turn.catch(() => undefined);
    this.draining.set(run.executionId, settled);
    void settled.then(() => this.draining.get(run.executionId) === settled && this.draining.delete(run.executionId));
    return turn;
  }

  private async drainOnce(run: Run, context: CommandContext): Promise<void> {
    const { knex } = this.options;
    for (;;) {
      const state = (await this.load(run)).state;
      const next = (await knex('flow_inbox').where({ execution_id: run.executionId }).orderBy('seq').first()) as { seq: string; message: IncomingMessage } | undefined;
      if (!next || state.status !== 'running') {
        if (next) await knex('flow_inbox').where({ execution_id: run.executionId }).delete();
        this.inboxed.delete(run.executionId);
        return;
      }
      if (state.wait?.kind !== 'reply') return;
      const taken = state.taken.includes(next.message.id)
        ? 1
        : await this.execute(run, context, async (s) => {
            const flow = await this.version(run, s);
            return flow ? { type: 'ReceiveReply', flow, message: next.message, at: this.clock().toISOString() } : null;
          }, { drain: false });
      if (taken === 0) return;
      await knex('flow_inbox').where({ seq: next.seq }).delete();
    }
  }

  /** Decides a command on the run's execution stream; answers how many events it wrote. */
  private async execute(
    run: Run,
    context: CommandContext,
    command: (state: FlowExecutionState) => Decided | Promise<Decided>,
    { drain = true, expectNew = false }: { drain?: boolean; expectNew?: boolean } = {},
  ): Promise<number> {
    let skipped = false;
    // What the decision names that is not the run's company's (a bot's answer can name any id): found before the
    // decision is written, which then fails the run there instead.
    let foreign: Named | undefined;
    let decided: { c: FlowCommand; state: FlowExecutionState; events: FlowExecutionEvent[] } | undefined;
    const checked = async (state: FlowExecutionState): Promise<Decided> => {
      foreign = undefined;
      decided = undefined;
      const c = await command(state);
      if (c === null || c === NOTHING) return c;
      try {
        decided = { c, state, events: this.decider.decide(c, state) };
      } catch {
        return c;
      }
      const named = namedIn(decided.events);
      if (named.length > 0) [foreign] = await notTheCompanys({ knex: this.options.knex, blobs: this.options.blobs }, run.companyId, named);
      return c;
    };
    const result = await handleCommand(
      this.options.store,
      {
        ...this.decider,
        decide: (c: Decided, state: FlowExecutionState) => {
          skipped = c === null;
          if (c === null || c === NOTHING) return [];
          // The decider is pure: the decision already made on this command and state is the same one.
          const events = decided?.c === c && decided.state === state ? decided.events : this.decider.decide(c, state);
          return foreign ? failedAt(events, foreign) : events;
        },
      },
      flowExecutionStream(run.companyId, run.executionId),
      checked,
      context,
      { cache: this.cache as StateCache<unknown>, expectNew },
    );
    if (skipped) this.options.log.warn({ executionId: run.executionId }, 'a flow version is missing: the run cannot go on');
    this.steps += result.events.filter((e) => e.type === 'BlockEntered').length;
    // Back to waiting for the customer with messages of theirs kept meanwhile: the oldest is taken now.
    if (drain && result.events.length > 0 && this.inboxed.has(run.executionId)) await this.drainInbox(run, context);
    return result.events.length;
  }

  private load(run: Run) {
    return loadState(this.options.store, this.decider, flowExecutionStream(run.companyId, run.executionId), this.cache);
  }

  /**
   * A flow's latest version (or a prompt's or an integration's, `bot`), read at most once a second per flow (a burst of
   * phrases reads it once).
   */
  private latest(companyId: number, flowId: number, bot?: BotRef): Promise<FlowVersion | null> {
    const key = `${companyId}:${bot ? `${bot.kind}:${bot.id}` : flowId}`;
    const now = Date.now();
    const known = this.latestVersions.get(key);
    if (known && now - known.at < 1_000) return known.version;
    const version = bot ? this.botVersion(companyId, bot) : this.flows.graph(companyId, flowId);
    this.latestVersions.set(key, { at: now, version });
    version.catch(() => this.latestVersions.delete(key));
    if (this.latestVersions.size > 5_000) this.latestVersions.delete(this.latestVersions.keys().next().value!);
    return version;
  }

  /** A prompt's or an integration's flow, at its latest version or at one (decision 0033). */
  private async botVersion(companyId: number, bot: BotRef, version?: number): Promise<FlowVersion | null> {
    const kind = bot.kind === 'prompt' ? 'prompt' : 'integration';
    let q = this.options.knex('bot_versions').where({ company_id: companyId, kind, bot_id: bot.id });
    q = version === undefined ? q.orderBy('version', 'desc') : q.where({ version });
    const row = (await q.first('version', 'fields')) as { version: number; fields: PromptFields | QueueIntegrationFields } | undefined;
    const graph = row ? botGraph(this.options.plugins, bot.kind, row.fields) : null;
    return row && graph ? { flowId: bot.id, version: Number(row.version), graph } : null;
  }

  /** The version the run started on (published versions never change: kept once read). */
  private version(run: Run, state: FlowExecutionState): Promise<FlowVersion | null> {
    const companyId = run.companyId;
    const compiled = run.bot && run.bot.flowId === null ? run.bot : undefined;
    const key = `${companyId}:${compiled ? `${compiled.kind}:` : ''}${state.flowId}:${state.version}`;
    let found = this.versions.get(key);
    if (!found) {
      found = compiled ? this.botVersion(companyId, compiled, state.version) : this.flows.graph(companyId, state.flowId, state.version);
      this.versions.set(key, found);
      found.then((v) => v ?? this.versions.delete(key)).catch(() => this.versions.delete(key));
      if (this.versions.size > 5_000) this.versions.delete(this.versions.keys().next().value!);
    }
    return found;
  }

  private async runOf(executionId: string): Promise<Run | undefined> {
    const known = this.runs.get(executionId);
    if (known) return known;
    const row = (await this.options.knex('flow_runs').where({ execution_id: executionId }).first()) as
      | { execution_id: string; company_id: string | number; ticket_id: string | number; conversation: string; bot_kind: BotRef['kind'] | null; bot_id: string | number | null; bot_flow_id: string | number | null }
      | undefined;
    if (!row) return undefined;
    const run: Run = {
      executionId: row.execution_id, companyId: Number(row.company_id), ticketId: Number(row.ticket_id), conversation: row.conversation,
      ...(row.bot_kind ? { bot: { kind: row.bot_kind, id: Number(row.bot_id), flowId: row.bot_flow_id === null ? null : Number(row.bot_flow_id) } } : {}),
    };
    this.remember(run);
    return run;
  }

  /** Keeps a run at hand: the events of its execution that follow look it up. */
  private remember(run: Run): void {
    this.runs.set(run.executionId, run);
    if (this.runs.size > 50_000) this.runs.delete(this.runs.keys().next().value!);
  }
}

/** Which circuit an outside call goes through: its bot's, or its company's service (the block's effect and host). */
function circuitOf(run: Run, effect: string, input: unknown): string {
  if (run.bot) return `${run.companyId}:${run.bot.kind}:${run.bot.id}`;
  const i = input as { url?: unknown; baseUrl?: unknown } | null;
  const address = typeof i?.url === 'string' ? i.url : typeof i?.baseUrl === 'string' ? i.baseUrl : '';
  let host = '';
  try {
    host = address ? new URL(address).host : '';
  } catch {
    host = '';
  }
  return `${run.companyId}:${effect}:${host}`;
}
