/** A domain event as deciders see it: a type and its data. The envelope is the handler's business. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  /** A deterministic id for facts that come from outside (e.g. a WhatsApp message id), so a repeat is a no-op. */
  id?: string;
}

/**
 * The write-side model of one stream: `decide` says which events a command causes (or throws a DomainError),
 * `evolve` folds an event into the state. Both are pure.
 */
export interface Decider<C, E extends DomainEvent, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
  /** Opting in to snapshots: a cold load then reads the latest snapshot and only the events after it. */
  snapshot?: SnapshotCodec<S>;
}

/** How a state becomes JSON and back, for snapshots. */
export interface SnapshotCodec<S> {
  /** Snapshots of another version are ignored (the stream is folded from its start instead). */
  version: number;
  /** A snapshot is written each time the stream passes a multiple of this many events. */
  every: number;
  serialize(state: S): unknown;
  deserialize(data: unknown): S;
}

export function fold<E extends DomainEvent, S>(decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>, events: E[]): S {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
