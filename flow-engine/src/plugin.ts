import type { BlockDescription, EffectResult, IncomingMessage, OutgoingMessage, PromptFields, QueueIntegrationFields } from '@atendo/contracts';
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
  /**
   * The outside calls this package carries out, by effect name: when an execution records `EffectRequested` with
   * one of these names, the runtime calls it (`registry.performer(name)`) and answers with `EffectCompleted`. A
   * performer alone is tried again by the runtime's default policy (DEFAULT_RETRY_POLICY); `{ perform, retry }` says
   * its own.
   */
  effects?: Record<string, EffectPerformer | EffectDeclaration>;
  /**
   * The bots this block runs (decision 0033): the kinds of record (`prompt`, or a queue integration's type) that become
   * a flow of two blocks, the start and this one, and how the block's data is made from the record.
   */
  bot?: BotBlock;
}

/** An effect's performer with the plugin's own retry policy. */
export interface EffectDeclaration {
  perform: EffectPerformer;
  retry?: Partial<RetryPolicy>;
}

/**
 * How the runtime tries an outside call again when it fails for a passing reason (a 5xx, a 429, the network): how
 * often, after which pauses, and how long all the tries together may take.
 */
export interface RetryPolicy {
  /** Tries in all: 1 when the block retries by itself (durably, as the webhook does) and the runtime must not. */
  tries: number;
  /** The pause before the second try; each next one is `factor` times longer. */
  firstDelayMs: number;
  factor: number;
  /** The deadline of the call, every try included (a runtime may hold it to a shorter one of its own). */
  deadlineMs: number;
}

/** Three tries, 0.5 s then 2 s apart, within 30 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = { tries: 3, firstDelayMs: 500, factor: 4, deadlineMs: 30_000 };

/** The pause before try number `attempt + 1` after try `attempt` failed. */
export const retryPause = (policy: RetryPolicy, attempt: number) => policy.firstDelayMs * policy.factor ** (attempt - 1);

/** Why a record cannot be saved: the field, its message key and the reason in English (the API's error text). */
export interface BotRecordProblem {
  path: string;
  message: string;
  detail: string;
}

/** What the host lends a bot's block data: how long the bot waits for the customer's next message. */
export interface BotOptions {
  replyTimeoutMinutes: number;
}

/** A bot's stored record: a prompt's fields, or a queue integration's (`type` says which of its kinds). */
export type BotRecord = PromptFields | QueueIntegrationFields;

export interface BotBlock {
  /** The record kinds served: `prompt`, or queue integration types (`webhook`, `n8n` …). One plugin per kind. */
  serves: string[];
  /** The block's data for one stored record of a kind it serves (secrets are the references the record keeps). */
  data(record: BotRecord, options: BotOptions): Record<string, unknown>;
  /** Output ports that lead back into the block (a retry's pause leaves by a port). */
  loops?: string[];
  /**
   * Checks a record's fields before they are stored, beyond the shared schema: the problems by field, with a message
   * key (empty when it may be saved). A field that still holds the mask of a stored secret is not passed.
   */
  check?(record: Readonly<Partial<QueueIntegrationFields>>): BotRecordProblem[];
}

/** What woke the block: the path arrived at it, the contact answered its wait, or its outside call came back. */
export type BlockInput = { type: 'enter' } | { type: 'reply'; message: IncomingMessage } | { type: 'effect'; name: string; result: EffectResult };

export interface BlockContext<C> {
  /** Shared by every run of the block (checked once per published version): read it, never change it. */
  config: Readonly<C>;
  variables: Readonly<Record<string, string>>;
  input: BlockInput;
  /** Whether an output port leads somewhere: a block may choose another way when it does not. */
  isConnected(port: string): boolean;
  /**
   * A number in [0, 1), never Math.random: the engine draws it from a seed of the execution, the blocks it entered and
   * this block, so deciding the same command on the same state draws the same numbers.
   */
  random(): number;
  /** When the decision is made: the command's time (ISO 8601), not the clock's, for the same reason. */
  at: string;
}

/** One message of the ticket's conversation, as an effect reads the history. */
export interface ConversationMessage {
  /** Sent by the company (a person or the flow), not by the contact. */
  fromMe: boolean;
  body: string;
  mediaType?: string;
  mediaUrl?: string;
}

/** What the runtime lends an effect while it performs it. */
export interface EffectContext {
  /** The runtime's deadline for this call: pass it to every request the performer makes. */
  signal: AbortSignal;
  companyId: number;
  ticketId: number;
  executionId: string;
  /**
   * The value of a block's secret field. A published graph keeps a secret (an API key) as a reference, `secret:<id>`,
   * sealed apart; the block passes the reference into its effect's input unchanged, so no event holds the secret, and
   * only the performer, at the moment of the call, opens it here.
   */
  resolveSecret(value: string): Promise<string>;
  /** The conversation's last `limit` messages, oldest first. */
  history(limit: number): Promise<ConversationMessage[]>;
  /** Stores a file (an answer synthesised as speech …) and answers the URL a media message can carry. */
  storeMedia(data: Uint8Array, mimeType: string, name: string): Promise<string>;
  /** The bytes behind a media URL (the contact's voice note …). */
  fetchMedia(url: string): Promise<Uint8Array>;
  /**
   * A file an outside service answered with (a bot's image, by its address) brought into the company's store: what a
   * block sends is always one of the company's stored files. Fetched like `fetch`, within the upload limits of its kind
   * and recognised by its content; answers the stored file's URL, or throws the reason it was refused.
   */
  importMedia(url: string, kind: 'image' | 'audio' | 'video'): Promise<string>;
  /**
   * The fetch to reach what a block's configuration names (a tenant writes those addresses): use it instead of the
   * global one. The runtime's refuses addresses inside its own network (loopback, private, cloud metadata) unless the
   * installation allows them.
   */
  fetch: typeof fetch;
}

/**
 * Carries out one effect. What it resolves with is the effect's value (`{ ok: true, value }` for the block); what it
 * throws becomes `{ ok: false, error }` (`performEffect` does both, so every runtime does it the same way).
 */
export type EffectPerformer = (input: unknown, context: EffectContext) => Promise<unknown>;

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
/** A file by URL: an image, a video, a document, or an audio (`voice`: sent as a voice note, as if recorded). */
export const media = (
  mediaType: Extract<OutgoingMessage, { kind: 'media' }>['mediaType'],
  url: string,
  { caption = '', voice = false, typingMs = DEFAULT_TYPING_MS }: { caption?: string; voice?: boolean; typingMs?: number } = {},
): OutgoingMessage => ({ kind: 'media', mediaType, url, caption, voice, typingMs });
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

/** The serialisable part of a plugin, as the console receives it (its words included). */
export function describe({ schema: _schema, run: _run, effects: _effects, bot: _bot, ...description }: FlowPlugin): BlockDescription {
  return description;
}

/** An effect's performer and its retry policy, whichever way the plugin declared it. */
export function effectOf(declared: EffectPerformer | EffectDeclaration): { perform: EffectPerformer; retry: RetryPolicy } {
  if (typeof declared === 'function') return { perform: declared, retry: { ...DEFAULT_RETRY_POLICY } };
  return { perform: declared.perform, retry: { ...DEFAULT_RETRY_POLICY, ...declared.retry } };
}
