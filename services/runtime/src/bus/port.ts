/**
 * The bus carries work and notifications between processes: feed entries to every WebSocket node, work for a
 * specific gateway. It is not a source of truth: what it carries is already committed in the event log or the
 * read models, so a lost message costs latency, never data.
 */
export interface BusMessage {
  /** Messages with the same key are delivered in the order they were published. */
  key: string;
  value: unknown;
}

export interface BusSubscription {
  close(): Promise<void>;
}

export interface Bus {
  readonly name: string;
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  /**
   * Members of one group share the topic's messages: each message goes to one member, all messages of a key to
   * the same member. Every group gets every message (a group of one is a broadcast subscriber). Resolves once
   * the subscriber is receiving; only messages published after that are promised.
   */
  subscribe(topic: string, group: string, handler: (message: BusMessage) => Promise<void>): Promise<BusSubscription>;
  close(): Promise<void>;
}
