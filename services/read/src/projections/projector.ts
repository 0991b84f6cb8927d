import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { comparePositions, START, type FeedDraft, type FeedEntry, type Position, type RecordedEvent } from '@atendo/contracts';
import { AppError, type EventStore, type Subscription, type SubscriptionState } from '@atendo/platform';
import { appendFeedEntries } from '../feed/feedStore.js';
import type { Projection } from './projection.js';

interface CheckpointRow {
  commit_position: number;
  prepare_position: number;
}

/** The checkpoint's row, made if missing and locked until the transaction ends (one statement: a round trip a batch). */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<Position> {
  const { rows } = (await trx.raw(
    `INSERT INTO projection_checkpoints (name) VALUES (?)
     ON CONFLICT (name) DO UPDATE SET name = excluded.name
     RETURNING commit_position, prepare_position`,
    [name],
  )) as { rows: CheckpointRow[] };
  return { commit: rows[0]!.commit_position, prepare: rows[0]!.prepare_position };
}

/**
 * Moves the checkpoints of projections that read none of a batch's events past it, in one statement and without a
 * transaction: there is nothing to fold, only progress to show (read-your-writes of other processes waits on it).
 * Never moves one back, so a rebuild's swap or another instance that went further keeps its position.
 */
async function skipCheckpoints(knex: Knex, names: string[], position: Position): Promise<void> {
  await knex.raw(
    `UPDATE projection_checkpoints SET commit_position = ?, prepare_position = ?, updated_at = now(), state = 'running'
      WHERE name = ANY(?) AND (commit_position, prepare_position) < (?::bigint, ?::bigint)`,
    [position.commit, position.prepare, names, position.commit, position.prepare],
  );
}

async function saveCheckpoint(trx: Knex.Transaction, name: string, position: Position, handled: number): Promise<void> {
  await trx('projection_checkpoints')
    .where({ name })
    .update({
      commit_position: position.commit,
      prepare_position: position.prepare,
      events_handled: trx.raw('events_handled + ?', [handled]),
      updated_at: trx.fn.now(),
      // Whoever reads the table sees the projection running as soon as its progress is visible.
      state: 'running',
    });
}

function readsType(projection: Projection): (type: string) => boolean {
  if (projection.eventTypes === '*') return () => true;
  const types = new Set(projection.eventTypes);
  return (type) => types.has(type);
}

export async function readCheckpoint(knex: Knex, name: string): Promise<Position> {
  const row = (await knex('projection_checkpoints').where({ name }).first()) as CheckpointRow | undefined;
  return row ? { commit: row.commit_position, prepare: row.prepare_position } : START;
}

/** running: following the log; retrying: a batch or a read keeps failing and is tried again; stopped: a strict projection met an event it cannot apply. */
export type ProjectorStatus = 'running' | 'retrying' | 'stopped';

export interface ProjectorState {
  status: ProjectorStatus;
  /** The error that made it retry or stop. */
  error?: string;
}

/** Stores what other processes show (`/health`, `atendo projections`); the error of a running projection is kept as history. */
async function saveState(knex: Knex, name: string, state: ProjectorState): Promise<void> {
  await knex.raw(
    `INSERT INTO projection_checkpoints (name, state, last_error, last_error_at) VALUES (?, ?, ?::text, CASE WHEN ?::text IS NULL THEN NULL ELSE now() END)
     ON CONFLICT (name) DO UPDATE SET state = excluded.state,
       last_error = coalesce(excluded.last_error, projection_checkpoints.last_error),
       last_error_at = coalesce(excluded.last_error_at, projection_checkpoints.last_error_at)`,
    [name, state.status, state.error ?? null, state.error ?? null],
  );
}

/** A read-your-writes wait on a projection that has stopped: it will not catch up until an operator acts. */
export class ProjectionStoppedError extends AppError {
  constructor(
    readonly projection: string,
    readonly reason: string | undefined,
  ) {
    super('ERR_INTERNAL_SERVER_ERROR', 503, `Read model "${projection}" is stopped${reason ? `: ${reason}` : ''} (see atendo projections)`);
    this.name = 'ProjectionStoppedError';
  }
}

/**
 * Errors of the database or the network rather than of one event: retried for as long as they last, never
 * dead-lettered (SQLSTATE classes 08 connection, 40 rollback, 53 resources, 57P shutdown, 58 system).
 */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) return /^(08|40|53|57P|58)/.test(code);
    return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'].includes(code);
  }
  return error instanceof Error && (error.name === 'KnexTimeoutError' || /Connection terminated/i.test(error.message));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface RetryOptions {
  /** Tries of a failing batch, then of each of its events, before the event is dead-lettered (or stops a strict projection). */
  attempts?: number;
  /** Wait before the second try, doubled for each further one up to `maxDelayMs`. */
  delayMs?: number;
  maxDelayMs?: number;
}

/** Where a projector says that it retries, dead-letters or stops. */
export interface ProjectorLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ProjectorOptions {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  batchSize?: number;
  /** Called after each commit with the feed entries it stored (for the bus). */
  onCommitted?: (entries: FeedEntry[]) => void | Promise<void>;
  retry?: RetryOptions;
  log?: ProjectorLog;
}

/**
 * Keeps one read model up to date: follows the log from the stored checkpoint, folds each batch in one
 * transaction that also stores the checkpoint and the feed entries, then hands the entries on.
 * The checkpoint row is locked for the batch, so a second instance (or a rebuild) never applies an event twice.
 *
 * Supervised: a failing batch is tried again with backoff, then event by event; an event that keeps failing is
 * written to projection_dead_letters in the transaction that moves the checkpoint past it, or stops a strict
 * projection. Database outages are retried without end. See docs/decisions/0010-supervised-projections.md.
 */
export class Projector {
  private subscription: Subscription | undefined;
  private position: Position = START;
  private readonly progress = new EventEmitter();
  private readonly reads: (type: string) => boolean;
  private current: ProjectorState = { status: 'running' };
  private closing = false;
  private wakeUp: (() => void) | undefined;
  /** The last state write: they are chained so that the table ends with the newest state. */
  private stored: Promise<void> = Promise.resolve();

  constructor(private readonly options: ProjectorOptions) {
    this.reads = readsType(options.projection);
    this.progress.setMaxListeners(0);
  }

  get name(): string {
    return this.options.projection.name;
  }

  get state(): ProjectorState {
    return this.current;
  }

  /** Loads the checkpoint; `start` then follows the log alone, or a ProjectorGroup feeds it. */
  async load(): Promise<Position> {
    this.closing = false;
    this.current = { status: 'running' };
    await saveState(this.options.knex, this.name, this.current);
    this.position = await readCheckpoint(this.options.knex, this.name);
    return this.position;
  }

  async start(): Promise<void> {
    await this.load();
    this.subscription = this.options.store.subscribe(
      {
        after: this.position,
        maxCount: this.options.batchSize ?? 500,
        onState: (state) => this.reading(state),
        onError: (err) => this.options.log?.error({ err, projection: this.name }, 'projector subscription stopped'),
      },
      (batch) => this.handle(batch),
    );
  }

  async stop(): Promise<void> {
    this.close();
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Ends any wait between retries, so the subscription feeding it can stop. */
  close(): void {
    this.closing = true;
    this.wakeUp?.();
  }

  /** Resolves once this projector has handled everything up to `position` (read-your-writes). */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    if (comparePositions(this.position, position) >= 0) return Promise.resolve();
    if (this.current.status === 'stopped') return Promise.reject(new ProjectionStoppedError(this.name, this.current.error));
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.progress.off('progress', check);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.name} did not reach the position in ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (comparePositions(this.position, position) >= 0) {
          done();
          resolve();
        } else if (this.current.status === 'stopped') {
          done();
          reject(new ProjectionStoppedError(this.name, this.current.error));
        }
      };
      this.progress.on('progress', check);
    });
  }

  /** The subscription feeding this projector cannot read the log, or can again. */
  reading(state: SubscriptionState): void {
    if (this.current.status === 'stopped') return;
    if (state.status === 'retrying') {
      if (this.current.status === 'retrying' && state.attempt > 1) return;
      this.options.log?.warn({ err: state.error, projection: this.name }, 'reading the event log failed; retrying');
      this.setState({ status: 'retrying', error: `reading the event log: ${messageOf(state.error)}` });
    } else if (this.current.status === 'retrying') {
      this.setState({ status: 'running' });
    }
  }

  /**
   * Whether this running projector has nothing to fold in `batch` but progress to record: none of the events past
   * its position is of a type it reads.
   */
  skips(batch: RecordedEvent[]): boolean {
    if (this.current.status !== 'running' || comparePositions(batch[batch.length - 1]!.position, this.position) <= 0) return false;
    return !batch.some((e) => this.reads(e.type) && comparePositions(e.position, this.position) > 0);
  }

  /** Never throws: a batch is applied, or its poison events dead-lettered, or a strict projection stops. */
  async handle(batch: RecordedEvent[]): Promise<void> {
    // Fed a batch this projector already has (a group started before the slowest checkpoint): nothing to do.
    if (this.current.status === 'stopped' || comparePositions(batch[batch.length - 1]!.position, this.position) <= 0) return;
    if (this.skips(batch)) {
      const position = batch[batch.length - 1]!.position;
      try {
        await Projector.skipAll([this], position);
        return;
      } catch {
        // Tried again below, with the retries and the state a failing batch gets.
      }
    }
    const failure = await this.retrying(() => this.commit(batch), `a batch of ${batch.length} events`);
    if (failure === undefined || this.closing) return;
    this.options.log?.warn({ err: failure, projection: this.name, events: batch.length }, 'batch keeps failing; applying its events one by one');
    for (const event of batch) {
      if (comparePositions(event.position, this.position) <= 0) continue;
      const label = `${event.type} ${event.id} at ${event.position.commit}:${event.position.prepare}`;
      const error = await this.retrying(() => this.commit([event]), label);
      if (this.closing) return;
      if (error === undefined) continue;
      if (this.options.projection.strict) {
        await this.halt(`${label}: ${messageOf(error)}`);
        return;
      }
      const written = await this.retrying(() => this.deadLetter(event, error), `dead-lettering ${label}`);
      if (this.closing) return;
      if (written !== undefined) {
        await this.halt(`could not dead-letter ${label}: ${messageOf(written)}`);
        return;
      }
      this.options.log?.error({ err: error, projection: this.name, eventId: event.id, type: event.type, streamId: event.streamId }, 'event dead-lettered');
    }
  }

  /** An unexpected failure of the projector itself: stop this projection, keep the others going. */
  async fail(error: unknown): Promise<void> {
    await this.halt(messageOf(error));
  }

  /**
   * Runs `work` until it succeeds: errors of the database or the network without end, others `attempts` times.
   * Returns the last error when it still fails (undefined on success or when closing).
   */
  private async retrying(work: () => Promise<void>, what: string): Promise<unknown> {
    const { attempts = 3, delayMs = 200, maxDelayMs = 30_000 } = this.options.retry ?? {};
    for (let attempt = 1; ; attempt++) {
      try {
        await work();
        if (this.current.status === 'retrying') this.setState({ status: 'running' });
        return undefined;
      } catch (error) {
        if (this.closing) return undefined;
        if (attempt >= attempts && !isTransient(error)) return error;
        this.setState({ status: 'retrying', error: `${what}: ${messageOf(error)}` });
        await this.sleep(Math.min(delayMs * 2 ** (attempt - 1), maxDelayMs));
        if (this.closing) return undefined;
      }
    }
  }

  private async commit(batch: RecordedEvent[]): Promise<void> {
    const { knex, projection } = this.options;
    await this.stored;
    const entries = await knex.transaction(async (trx) => {
      const checkpoint = await lockCheckpoint(trx, projection.name);
      const fresh = batch.filter((e) => comparePositions(e.position, checkpoint) > 0);
      if (fresh.length === 0) return [];
      const relevant = fresh.filter((e) => this.reads(e.type));
      const drafts: FeedDraft[] = [];
      if (relevant.length > 0) {
        await projection.apply(relevant, { trx, emit: (d) => drafts.push(d), rebuilding: false });
      }
      const stored = await appendFeedEntries(trx, drafts);
      await saveCheckpoint(trx, projection.name, fresh[fresh.length - 1]!.position, relevant.length);
      return stored;
    });
    this.advance(batch[batch.length - 1]!.position);
    if (entries.length === 0) return;
    try {
      await this.options.onCommitted?.(entries);
    } catch (err) {
      // The rows and entries are stored; a client that missed the publication resumes from the stored feed.
      this.options.log?.error({ err, projection: this.name }, 'publishing feed entries failed');
    }
  }

  /** Records the event as dead and moves the checkpoint past it, in one transaction. */
  private async deadLetter(event: RecordedEvent, error: unknown): Promise<void> {
    const { knex, projection } = this.options;
    const attempts = this.options.retry?.attempts ?? 3;
    await this.stored;
    await knex.transaction(async (trx) => {
      const checkpoint = await lockCheckpoint(trx, projection.name);
      if (comparePositions(event.position, checkpoint) <= 0) return;
      await trx('projection_dead_letters')
        .insert({
          projection: projection.name,
          event_id: event.id,
          stream_id: event.streamId,
          stream_position: event.streamPosition,
          event_type: event.type,
          commit_position: event.position.commit,
          prepare_position: event.position.prepare,
          error: messageOf(error),
          attempts,
        })
        .onConflict(['projection', 'event_id'])
        .merge({ error: messageOf(error), attempts: trx.raw('projection_dead_letters.attempts + ?', [attempts]), last_failed_at: trx.fn.now() });
      await saveCheckpoint(trx, projection.name, event.position, 0);
    });
    this.advance(event.position);
  }

  /** Records that `projectors` (of one database) are past `position` with nothing to fold before it. */
  static async skipAll(projectors: Projector[], position: Position): Promise<void> {
    await skipCheckpoints(projectors[0]!.options.knex, projectors.map((p) => p.name), position);
    for (const p of projectors) if (comparePositions(position, p.position) > 0) p.advance(position);
  }

  private advance(position: Position): void {
    this.position = position;
    this.progress.emit('progress');
  }

  private async halt(error: string): Promise<void> {
    this.options.log?.error({ projection: this.name, error }, 'projection stopped');
    this.setState({ status: 'stopped', error });
    // Waiters learn of it once other processes can read it too.
    await this.stored;
    this.progress.emit('progress');
  }

  private setState(state: ProjectorState): void {
    if (this.current.status === state.status && this.current.error === state.error) return;
    this.current = state;
    // Best effort and in order: during an outage the database cannot take it, and /health then fails anyway.
    this.stored = this.stored.then(() => saveState(this.options.knex, this.name, state)).catch(() => undefined);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

/**
 * Several projectors over one subscription: the log is read and parsed once per batch, and each projector folds
 * it in its own transaction with its own checkpoint, all at the same time. A projector that fails or stops
 * never stops the subscription or the others.
 */
export class ProjectorGroup {
  private subscription: Subscription | undefined;

  constructor(
    private readonly store: EventStore,
    readonly projectors: Projector[],
    private readonly options: { batchSize?: number; onError?: (error: unknown) => void } = {},
  ) {}

  async start(): Promise<void> {
    const positions = await Promise.all(this.projectors.map((p) => p.load()));
    const after = positions.reduce((min, p) => (comparePositions(p, min) < 0 ? p : min), positions[0] ?? START);
    this.subscription = this.store.subscribe(
      {
        after,
        maxCount: this.options.batchSize ?? 500,
        onError: this.options.onError,
        onState: (state) => this.projectors.forEach((p) => p.reading(state)),
      },
      async (batch) => {
        // Those that read none of the batch's events record their progress together, in one statement; the others
        // fold it, each in its own transaction. A failed skip is done again by each, with its retries.
        const skipping = this.projectors.filter((p) => p.skips(batch));
        const handle = (p: Projector) => p.handle(batch).catch((error: unknown) => p.fail(error));
        const skipAll = async () => {
          try {
            await Projector.skipAll(skipping, batch[batch.length - 1]!.position);
          } catch {
            await Promise.all(skipping.map(handle));
          }
        };
        await Promise.all([...this.projectors.filter((p) => !skipping.includes(p)).map(handle), ...(skipping.length > 0 ? [skipAll()] : [])]);
      },
    );
  }

  async stop(): Promise<void> {
    for (const p of this.projectors) p.close();
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}

/**
 * For a process without the projectors: polls their stored checkpoints until all are at or past `position`, and
 * fails at once when one of them is stopped.
 */
export async function waitForCheckpoints(knex: Knex, names: string[], position: Position, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await knex('projection_checkpoints')
      .whereIn('name', names)
      .select('name', 'commit_position', 'prepare_position', 'state', 'last_error')) as Array<CheckpointRow & { name: string; state: ProjectorStatus; last_error: string | null }>;
    const stopped = rows.find((r) => r.state === 'stopped');
    if (stopped) throw new ProjectionStoppedError(stopped.name, stopped.last_error ?? undefined);
    const done = rows.length === names.length && rows.every((r) => comparePositions({ commit: r.commit_position, prepare: r.prepare_position }, position) >= 0);
    if (done) return;
    if (Date.now() > deadline) throw new Error('Read models did not catch up in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
