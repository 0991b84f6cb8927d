import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { comparePositions, START, type FeedDraft, type FeedEntry, type Position, type RecordedEvent } from '@atendo/contracts';
import type { EventStore, Subscription } from '@atendo/core';
import { appendFeedEntries } from '../feed/feedStore.js';
import type { Projection } from './projection.js';

interface CheckpointRow {
  commit_position: number;
  prepare_position: number;
}

async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<Position> {
  await trx.raw('INSERT INTO projection_checkpoints (name) VALUES (?) ON CONFLICT (name) DO NOTHING', [name]);
  const row = (await trx('projection_checkpoints').where({ name }).forUpdate().first()) as CheckpointRow;
  return { commit: row.commit_position, prepare: row.prepare_position };
}

async function saveCheckpoint(trx: Knex.Transaction, name: string, position: Position, handled: number): Promise<void> {
  await trx('projection_checkpoints')
    .where({ name })
    .update({
      commit_position: position.commit,
      prepare_position: position.prepare,
      events_handled: trx.raw('events_handled + ?', [handled]),
      updated_at: trx.fn.now(),
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

export interface ProjectorOptions {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  batchSize?: number;
  /** Called after each commit with the feed entries it stored (for the bus). */
  onCommitted?: (entries: FeedEntry[]) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * Keeps one read model up to date: follows the log from the stored checkpoint, folds each batch in one
 * transaction that also stores the checkpoint and the feed entries, then hands the entries on.
 * The checkpoint row is locked for the batch, so a second instance (or a rebuild) never applies an event twice.
 */
export class Projector {
  private subscription: Subscription | undefined;
  private position: Position = START;
  private readonly progress = new EventEmitter();
  private readonly reads: (type: string) => boolean;

  constructor(private readonly options: ProjectorOptions) {
    this.reads = readsType(options.projection);
    this.progress.setMaxListeners(0);
  }

  get name(): string {
    return this.options.projection.name;
  }

  /** Loads the checkpoint; `start` then follows the log alone, or a ProjectorGroup feeds it. */
  async load(): Promise<Position> {
    this.position = await readCheckpoint(this.options.knex, this.name);
    return this.position;
  }

  async start(): Promise<void> {
    await this.load();
    this.subscription = this.options.store.subscribe(
      { after: this.position, maxCount: this.options.batchSize ?? 500, onError: this.options.onError },
      (batch) => this.handle(batch),
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Resolves once this projector has handled everything up to `position` (read-your-writes). */
  waitFor(position: Position, timeoutMs = 10_000): Promise<void> {
    if (comparePositions(this.position, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.progress.off('progress', check);
        reject(new Error(`${this.name} did not reach the position in ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (comparePositions(this.position, position) < 0) return;
        clearTimeout(timer);
        this.progress.off('progress', check);
        resolve();
      };
      this.progress.on('progress', check);
    });
  }

  async handle(batch: RecordedEvent[]): Promise<void> {
    // Fed a batch this projector already has (a group started before the slowest checkpoint): nothing to do.
    if (comparePositions(batch[batch.length - 1]!.position, this.position) <= 0) return;
    const { knex, projection } = this.options;
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
    this.position = batch[batch.length - 1]!.position;
    this.progress.emit('progress');
    if (entries.length > 0) await this.options.onCommitted?.(entries);
  }
}

/**
 * Several projectors over one subscription: the log is read and parsed once per batch, and each projector folds
 * it in its own transaction with its own checkpoint, all at the same time.
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
    this.subscription = this.store.subscribe({ after, maxCount: this.options.batchSize ?? 500, onError: this.options.onError }, async (batch) => {
      await Promise.all(this.projectors.map((p) => p.handle(batch)));
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}

export interface RebuildProgress {
  events: number;
  position: Position;
}

/**
 * Rebuilds a read model from the first event, in one transaction: readers keep the old rows until it commits,
 * and the live projector waits on the checkpoint lock, then carries on from where the rebuild stopped.
 */
export async function rebuildProjection(options: {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildProgress> {
  const { store, knex, projection } = options;
  const reads = readsType(projection);
  const batchSize = options.batchSize ?? 2000;
  return knex.transaction(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    if (projection.tables.length > 0) {
      await trx.raw(`TRUNCATE ${projection.tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
    }
    let position = START;
    let events = 0;
    for (;;) {
      const batch = await store.readAll({ after: position, maxCount: batchSize });
      if (batch.length === 0) break;
      const relevant = batch.filter((e) => reads(e.type));
      if (relevant.length > 0) await projection.apply(relevant, { trx, emit: () => undefined, rebuilding: true });
      position = batch[batch.length - 1]!.position;
      events += relevant.length;
      options.onProgress?.({ events, position });
    }
    await trx('projection_checkpoints')
      .where({ name: projection.name })
      .update({ commit_position: position.commit, prepare_position: position.prepare, events_handled: events, updated_at: trx.fn.now() });
    return { events, position };
  });
}

/** For a process without the projectors: polls their stored checkpoints until all are at or past `position`. */
export async function waitForCheckpoints(knex: Knex, names: string[], position: Position, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await knex('projection_checkpoints').whereIn('name', names).select('commit_position', 'prepare_position')) as CheckpointRow[];
    const done = rows.length === names.length && rows.every((r) => comparePositions({ commit: r.commit_position, prepare: r.prepare_position }, position) >= 0);
    if (done) return;
    if (Date.now() > deadline) throw new Error('Read models did not catch up in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
