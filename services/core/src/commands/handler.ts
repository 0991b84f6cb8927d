import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata, Position, RecordedEvent } from '@atendo/contracts';
import { AppError, PartialDuplicateError, WrongExpectedRevisionError, type EventStore, parseStreamId } from '@atendo/platform';
import type { Decider, DomainEvent } from './decider.js';
import type { SnapshotStore } from './snapshots.js';

/** Who asks, and which conversation of causes this command belongs to. */
export interface CommandContext {
  actor: Actor;
  /** Shared by everything that follows from one outside request. */
  correlationId?: string;
  /** The id of the event or request that caused this command. */
  causationId?: string;
  /** When the fact happened in the world, if not now (e.g. a WhatsApp message's timestamp). */
  occurredAt?: Date;
}

export interface HandleResult<E, S> {
  /** The events this command wrote (empty when it changed nothing, or repeated a fact already written). */
  events: Array<E & { id: string }>;
  /** Where the last written event stands in the log: wait for a projection to pass it to read your write. */
  position?: Position;
  state: S;
  revision: number;
}

export interface HandleOptions {
  /** How many times a command is decided again after another writer got to the stream first. */
  maxRetries?: number;
  /** Folded states of recently used streams: only events after the cached revision are read. */
  cache?: StateCache<unknown>;
  /** Snapshots for deciders that opt in (`Decider.snapshot`): read on a cold load, written every `every` events. */
  snapshots?: SnapshotStore;
  /**
   * The stream is almost surely new (its id was made just now): decide on the initial state without reading it, as
   * on a cached state. The append expects no stream, so a stream that exists after all is read and decided again.
   */
  expectNew?: boolean;
}

/**
 * Remembers folded states by stream. Safe because the append still names the revision the state was folded to:
 * a stale entry makes the append fail, and the retry reads what it missed.
 */
export class StateCache<S> {
  private readonly entries = new Map<string, { state: S; revision: number }>();
  constructor(private readonly capacity = 10_000) {}

  get(streamId: string): { state: S; revision: number } | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      // Most recently used last, so the oldest is dropped first.
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  set(streamId: string, state: S, revision: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { state, revision });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * Loads a stream (or takes its cached state), folds it, decides, and appends with the revision it loaded. When
 * another writer appended in between, it reloads and decides again (the rule may now refuse), a bounded number of
 * times.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  /** The command, or a function that builds it from the current state (e.g. to allocate ids only when needed). */
  command: C | ((state: S) => C | Promise<C>),
  context: CommandContext,
  options: HandleOptions = {},
): Promise<HandleResult<E, S>> {
  const { companyId } = parseStreamId(streamId);
  const maxRetries = options.maxRetries ?? 5;
  const cache = options.cache as StateCache<S> | undefined;
  // A cached state (or a new stream's initial one) is tried first without reading the stream (a round trip a command): the append names the revision
  // it was folded to, so it lands only if nothing was written since, which proves the decision was made on the
  // current state. Anything else it leads to (a refusal, nothing to do, a conflict, a repeated fact) may be the
  // cache's staleness speaking: decided again on a fresh read, without counting as an attempt.
  let trusted = cache?.get(streamId) ?? (options.expectNew ? { state: decider.initialState(), revision: -1 } : undefined);
  // Retries after losing a race to another writer (a retry of a cached state's decision is not one).
  let attempt = 0;
  for (;;) {
    const optimistic = trusted !== undefined;
    const loaded = trusted ?? (await loadState(store, decider, streamId, cache, options.snapshots));
    trusted = undefined;
    let state = loaded.state;
    const revision = loaded.revision;

    let decided: E[];
    try {
      decided = decider.decide(typeof command === 'function' ? await (command as (state: S) => C | Promise<C>)(state) : command, state);
    } catch (error) {
      if (optimistic) continue;
      throw error;
    }
    if (decided.length === 0) {
      if (optimistic) continue;
      return { events: [], state, revision };
    }

    const correlationId = context.correlationId ?? randomUUID();
    const metadata: EventMetadata = {
      companyId,
      actor: context.actor,
      correlationId,
      causationId: context.causationId ?? correlationId,
      occurredAt: (context.occurredAt ?? new Date()).toISOString(),
    };
    // Only outside facts carry an id of their own: the store checks those against the stream and names the rest.
    const toWrite = decided.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata }));
    try {
      const result = await store.append(streamId, toWrite, {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      if (result.duplicate) {
        if (optimistic) continue;
        return { events: [], state, revision: result.nextExpectedRevision };
      }
      for (const e of decided) state = decider.evolve(state, e);
      cache?.set(streamId, state, result.nextExpectedRevision);
      await saveSnapshot(decider, streamId, options.snapshots, revision, result.nextExpectedRevision, state);
      const events = decided.map((e, i) => ({ ...e, id: result.ids[i]! }));
      return { events, position: result.position, state, revision: result.nextExpectedRevision };
    } catch (error) {
      if (optimistic && (error instanceof WrongExpectedRevisionError || error instanceof PartialDuplicateError)) continue;
      if (error instanceof WrongExpectedRevisionError && attempt++ < maxRetries) continue;
      if (error instanceof WrongExpectedRevisionError) {
        throw new AppError('ERR_CONCURRENCY_CONFLICT', 409, `${streamId} kept changing; try again`, {
          streamId,
        });
      }
      throw error;
    }
  }
}

/**
 * A stream's current state and revision (-1: no stream), reading only what the cache does not have; on a cold
 * load, from the latest snapshot on when the decider opts in.
 */
export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState' | 'snapshot'>,
  streamId: string,
  cache?: StateCache<S>,
  snapshots?: SnapshotStore,
): Promise<{ state: S; revision: number }> {
  let start = cache?.get(streamId);
  let history: RecordedEvent[];
  const codec = snapshots && decider.snapshot;
  if (!start && codec) {
    // A stream shorter than the interval has no snapshot: reading its start first keeps a new customer's first
    // message at one read; only a longer stream pays for looking its snapshot up.
    history = await store.readStream(streamId, { maxCount: codec.every });
    if (history.length === codec.every) {
      const snapshot = await snapshots!.load(streamId, codec.version);
      if (snapshot) {
        start = { state: codec.deserialize(snapshot.state), revision: snapshot.revision };
        history = await store.readStream(streamId, { fromRevision: snapshot.revision + 1 });
      } else {
        history = history.concat(await store.readStream(streamId, { fromRevision: codec.every }));
      }
    }
  } else {
    history = await store.readStream(streamId, start ? { fromRevision: start.revision + 1 } : {});
  }
  let state = start?.state ?? decider.initialState();
  for (const recorded of history) state = decider.evolve(state, toDomainEvent<E>(recorded));
  const revision = history.length > 0 ? history[history.length - 1]!.streamPosition : (start?.revision ?? -1);
  cache?.set(streamId, state, revision);
  return { state, revision };
}

/** Writes a snapshot when an append carried the stream past a multiple of the decider's interval. */
async function saveSnapshot<S>(
  decider: Pick<Decider<unknown, DomainEvent, S>, 'snapshot'>,
  streamId: string,
  snapshots: SnapshotStore | undefined,
  before: number,
  after: number,
  state: S,
): Promise<void> {
  const codec = decider.snapshot;
  if (!snapshots || !codec || Math.floor((before + 1) / codec.every) === Math.floor((after + 1) / codec.every)) return;
  try {
    await snapshots.save(streamId, codec.version, { revision: after, state: codec.serialize(state) });
  } catch {
    // The events are written: a snapshot that failed only makes cold loads read more until the next one.
  }
}

export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data, id: recorded.id } as E;
}
