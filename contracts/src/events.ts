/** Who caused an event: a staff user, the platform itself, a customer (contact) or a running flow. */
export type Actor =
  | { type: 'user'; userId: number }
  | { type: 'system'; name?: string }
  | { type: 'contact'; contactId: number }
  | { type: 'flow'; flowId: number };

export interface EventMetadata {
  companyId: number;
  actor: Actor;
  correlationId: string;
  causationId: string;
  /** ISO-8601 time the fact happened in the world (may precede recording). */
  occurredAt: string;
}

/**
 * A place in the global log. Ordered by `commit` then `prepare`, like EventStoreDB's $all positions.
 * The PostgreSQL store uses the appending transaction's id as `commit` and a sequence as `prepare`.
 */
export interface Position {
  commit: number;
  prepare: number;
}

export const START: Position = Object.freeze({ commit: 0, prepare: 0 });

export function comparePositions(a: Position, b: Position): number {
  return a.commit !== b.commit ? a.commit - b.commit : a.prepare - b.prepare;
}

/** An event the domain wants written. `id` is generated when absent; give a deterministic one for outside facts. */
export interface NewEvent<T extends string = string, D = unknown> {
  id?: string;
  type: T;
  schemaVersion?: number;
  data: D;
  metadata: EventMetadata;
}

/** The envelope of an event read back from the log. */
export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position of the event in its stream (its revision). */
  streamPosition: number;
  position: Position;
  recordedAt: Date;
}
