import type { BlockDescription, EffectResult, IncomingMessage, OutgoingMessage } from '@atendo/contracts';
import type { AnyObjectSchema } from 'yup';

/**
 * A block type: its descriptor (what the console draws and the validator checks) and its behaviour. The behaviour is
 * pure: it reads the block's configuration, the execution's variables and what woke the block, and says what to do.
 * Anything that touches the world (an HTTP call, an AI answer) is asked for as an effect; the runtime performs it and
 * the block runs again with the result.
 */
export interface FlowPlugin<C = any> extends BlockDescription {
  /** Checks and fills the block's data (yup: the same schema validates the console's form). */
  schema: AnyObjectSchema;
  run(context: BlockContext<C>): BlockOutcome;
}

/** What woke the block: the path arrived at it, the contact answered its wait, or its outside call came back. */
export type BlockInput = { type: 'enter' } | { type: 'reply'; message: IncomingMessage } | { type: 'effect'; name: string; result: EffectResult };

export interface BlockContext<C> {
  config: C;
  variables: Readonly<Record<string, string>>;
  input: BlockInput;
  /** Whether an output port leads somewhere: a block may choose another way when it does not. */
  isConnected(port: string): boolean;
}

/** What the block does after its sends and variables: the one way the path goes on (or stops). */
export type BlockNext =
  | { type: 'follow'; port: string }
  | { type: 'awaitReply'; timeoutSeconds: number; timeoutPort: string }
  | { type: 'delay'; seconds: number; port: string }
  | { type: 'handOver'; queueId: number | null; userId: number | null }
  | { type: 'effect'; name: string; input: unknown }
  | { type: 'finish' };

export interface BlockOutcome {
  /** Set before the messages are filled in, so a message can use a variable set by the same block. */
  set?: Record<string, string>;
  send?: OutgoingMessage[];
  next: BlockNext;
}

/** Typing presence before a text, when a block does not choose one. */
export const DEFAULT_TYPING_MS = 1000;

export const text = (body: string, typingMs = DEFAULT_TYPING_MS): OutgoingMessage => ({ kind: 'text', body, typingMs });
export const follow = (port: string): BlockNext => ({ type: 'follow', port });
export const awaitReply = (timeoutSeconds: number, timeoutPort: string): BlockNext => ({ type: 'awaitReply', timeoutSeconds, timeoutPort });
export const delay = (seconds: number, port: string): BlockNext => ({ type: 'delay', seconds, port });
export const handOver = (queueId: number | null, userId: number | null = null): BlockNext => ({ type: 'handOver', queueId, userId });
export const effect = (name: string, input: unknown): BlockNext => ({ type: 'effect', name, input });
export const finish = (): BlockNext => ({ type: 'finish' });

/** Declares a plugin; the identity function, there for the types. */
export function defineBlock<C>(plugin: FlowPlugin<C>): FlowPlugin<C> {
  return plugin;
}

/** The serialisable part of a plugin, as the console receives it. */
export function describe({ schema: _schema, run: _run, ...description }: FlowPlugin): BlockDescription {
  return description;
}
