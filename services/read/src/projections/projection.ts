import type { Knex } from 'knex';
import type { FeedDraft, RecordedEvent } from '@atendo/contracts';

export interface ProjectionContext {
  /** The transaction that also moves the checkpoint: write rows only through it. */
  trx: Knex.Transaction;
  /** Queue a realtime entry; it is stored with the rows and published after the commit. */
  emit(draft: FeedDraft): void;
  /** True while rebuilding from zero: nobody is listening, so emitted entries are dropped. */
  rebuilding: boolean;
}

/** A read model: which events it reads, which tables it owns, and how a batch of events changes them. */
export interface Projection {
  name: string;
  /** Tables emptied by a rebuild. */
  tables: string[];
  /** The event types it reads (others only move its checkpoint), or '*' for all of them. */
  eventTypes: readonly string[] | '*';
  /**
   * An event that keeps failing stops this projection (state 'stopped', the others go on) instead of being
   * dead-lettered: for read models where a skipped event would make later rows wrong.
   */
  strict?: boolean;
  /**
   * Events of different streams never touch the same rows (each stream's rows are its own): a rebuild may fold
   * a batch as several disjoint parts in concurrent transactions, so PostgreSQL writes one while Node folds another.
   */
  rowsPerStream?: boolean;
  /**
   * With `rowsPerStream`: event types that do touch another stream's rows (a merge of two contacts). A rebuild folds
   * a batch holding one alone, after everything before it and before anything after it.
   */
  barrierTypes?: readonly string[];
  /** `apply` reads no metadata but `companyId` and `occurredAt`: a rebuild reads only those (`ReadAllOptions.placementOnly`). */
  placementOnly?: boolean;
  apply(events: RecordedEvent[], context: ProjectionContext): Promise<void>;
  /**
   * A rebuild calls this on its shadow tables (the search path finds them first) once the bulk of the log is folded
   * into them, before it folds the rest: for a table that triggers derive from another (tickets/counts.ts), counted
   * once here, with the triggers put on the shadow table from then on. What comes after is folded one part at a time.
   */
  afterBulk?(trx: Knex.Transaction): Promise<void>;
}
