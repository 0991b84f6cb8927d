import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata, Position, RecordedEvent } from '@atendo/contracts';
import { AppError } from '../errors.js';
import { WrongExpectedRevisionError, type EventStore } from '../eventstore/port.js';
import { parseStreamId } from '../eventstore/streams.js';
import type { Decider, DomainEvent } from './decider.js';

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
 * Loads a stream, folds it, decides, and appends with the revision it loaded. When another writer appended in
 * between, it reloads and decides again (the rule may now refuse), a bounded number of times.
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
  for (let attempt = 0; ; attempt++) {
    const cache = options.cache as StateCache<S> | undefined;
    const loaded = await loadState(store, decider, streamId, cache);
    let state = loaded.state;
    const revision = loaded.revision;

    const decided = decider.decide(typeof command === 'function' ? await (command as (state: S) => C | Promise<C>)(state) : command, state);
    if (decided.length === 0) return { events: [], state, revision };

    const correlationId = context.correlationId ?? randomUUID();
    const metadata: EventMetadata = {
      companyId,
      actor: context.actor,
      correlationId,
      causationId: context.causationId ?? correlationId,
      occurredAt: (context.occurredAt ?? new Date()).toISOString(),
    };
    const toWrite = decided.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, data: e.data, metadata }));
    try {
      const result = await store.append(streamId, toWrite, {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      if (result.duplicate) return { events: [], state, revision: result.nextExpectedRevision };
      for (const e of decided) state = decider.evolve(state, e);
      cache?.set(streamId, state, result.nextExpectedRevision);
      const events = decided.map((e, i) => ({ ...e, id: toWrite[i]!.id }));
      return { events, position: result.position, state, revision: result.nextExpectedRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < maxRetries) continue;
      if (error instanceof WrongExpectedRevisionError) {
        throw new AppError('ERR_CONCURRENCY_CONFLICT', 409, `${streamId} kept changing; try again`, {
          streamId,
        });
      }
      throw error;
    }
  }
}

/** A stream's current state and revision (-1: no stream), reading only what the cache does not have. */
export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>,
  streamId: string,
  cache?: StateCache<S>,
): Promise<{ state: S; revision: number }> {
  const cached = cache?.get(streamId);
  const history = await store.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : {});
  let state = cached?.state ?? decider.initialState();
  for (const recorded of history) state = decider.evolve(state, toDomainEvent<E>(recorded));
  const revision = history.length > 0 ? history[history.length - 1]!.streamPosition : (cached?.revision ?? -1);
  cache?.set(streamId, state, revision);
  return { state, revision };
}

export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data, id: recorded.id } as E;
}
