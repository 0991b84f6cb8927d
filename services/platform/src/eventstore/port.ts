import type { NewEvent, Position, RecordedEvent } from '@atendo/contracts';
import { AppError } from '../errors.js';

/**
 * What the writer expects of the stream: anything, that it does not exist yet, that it exists, or that its
 * last event has exactly this 0-based revision.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** Position of the last event written (or already present, for an idempotent repeat). */
  position: Position;
  /** True when every event id was already in the stream and nothing was written. */
  duplicate: boolean;
  /** The events' ids, in the order given: the caller's, or the ones the store chose for events without one. */
  ids: string[];
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive revision to start from (forwards: lowest, backwards: highest). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after?: Position;
  maxCount?: number;
  /** Only this company's events, read through an index rather than by scanning the others'. */
  companyId?: number;
  /**
   * Only events of these types (a rebuild reads what its projection folds). `maxCount` counts the events
   * returned, so a short read still means the log is caught up.
   */
  types?: readonly string[];
  /**
   * Events' metadata holds only `companyId` and `occurredAt`, all a read model uses: a rebuild then skips the
   * actor and the correlation and causation ids, most of each event's bytes. A store may return them anyway.
   */
  placementOnly?: boolean;
}

/** Whether a subscription reads the log, or keeps failing to and tries again. */
export type SubscriptionState = { status: 'running' } | { status: 'retrying'; error: unknown; attempt: number };

export interface SubscribeOptions extends Omit<ReadAllOptions, 'types'> {
  /** Called when the subscription stops because its handler failed (reading the log is retried without end). */
  onError?: (error: unknown) => void;
  /** Called when reading the log fails (before each retry) and when it works again after failing. */
  onState?: (state: SubscriptionState) => void;
}

export interface Subscription {
  /** Stops after the batch being handled (if any) has been handled. */
  stop(): Promise<void>;
  /** Settles when the subscription has stopped; rejects if it stopped on an error. */
  readonly done: Promise<void>;
}

/**
 * The event store port. Every adapter passes `eventStoreContract` (see ./contract.ts).
 *
 * Stream ids are `{category}-{companyId}.{id}` (see ./streams.ts); every stream belongs to one company.
 */
export interface EventStore {
  readonly name: string;
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Returns [] for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events in global order, strictly after `after`. Never returns an event before one that may still appear. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription: hands over batches in global order, strictly after `after`, waiting for the
   * handler before reading the next batch. Positions of handed batches are safe to checkpoint.
   */
  subscribe(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual === -1 ? 'no stream' : actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An append named some event ids already in the stream and some new: neither a repeat nor a fresh write. */
export class PartialDuplicateError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId}: append repeats some event ids but not all`);
    this.name = 'PartialDuplicateError';
  }
}

/** The stream belongs to another company than the events being appended. */
export class StreamCompanyMismatchError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} belongs to another company`);
    this.name = 'StreamCompanyMismatchError';
  }
}

/**
 * The events hold text that cannot be stored (a NUL character, or half of a UTF-16 surrogate pair). The API refuses
 * such text and the channels clean it before it gets here; this is the store's own guard, so one writer's bad text
 * never fails appends grouped with it.
 */
export class UnstorableEventError extends AppError {
  constructor(readonly streamId: string) {
    super('ERR_VALIDATION', 400, `Stream ${streamId}: the events hold text that cannot be stored (NUL or a broken character)`);
    this.name = 'UnstorableEventError';
  }
}

/**
 * What PostgreSQL's jsonb (and a read model's text column) refuses, as JSON.stringify writes it: the escape of NUL,
 * or of a lone UTF-16 surrogate (well-formed pairs are written as they are). An even run of backslashes before it is
 * an escaped backslash, not an escape.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

export function isStorableJson(json: string): boolean {
  return !UNSTORABLE_ESCAPE.test(json);
}
