import type { MediaType, TimerKind } from '@atendo/contracts';
import type { ContactStreamDomainEvent as E, ContactStreamState as S, ConversationSlices, TicketState } from './state.js';
import type { TicketFactsCodec } from './tickets.js';

type Typed = { type: string };
type Event<T extends E['type']> = Extract<E, { type: T }>;

/**
 * What the automations of a connection add to a customer's message before it is decided (the gateway reads it through
 * the features' inbound enrichers): each family adds its key by module augmentation from its own folder, so a new
 * automation adds no field to the message command and no line to the gateway.
 */
export interface InboundContext {}

/** A message that came from WhatsApp (the customer's, or typed on the phone), and the ids the handler allocated. */
export interface InboundFacts {
  companyId: number;
  whatsappId: number;
  messageId: string;
  number: string;
  body: string;
  mediaType: MediaType;
  sentAt: string;
  quotedMessageId: string | null;
  /** The customer's file, already stored (`/public/…`). */
  mediaUrl?: string | null;
  /** The connection's queue when it has exactly one. */
  queueId: number | null;
  /** Ids the handler allocated in case the decision needs them. */
  newContactId: number;
  newTicketId: number;
  newTicketUuid: string;
}

/** A customer's message as the rules decide it, with what the automations added (`InboundContext`). */
export interface InboundMessage extends InboundFacts, InboundContext {
  pushName: string | null;
  isGroup: boolean;
}

/**
 * The commands of a customer's stream, by family: each family adds its own by module augmentation from its folder
 * (`interface ConversationCommands { tags: TicketTagCommand }`), so the union names no family.
 */
export interface ConversationCommands {}

export type ContactStreamCommand = ConversationCommands[keyof ConversationCommands];

/** Options a family adds to resolving a ticket (by module augmentation), for its `resolve` contribution to read. */
export interface ResolveOptions {}

/** A customer's message, for the families that answer it. */
export interface InboundTurn {
  message: InboundMessage;
  /** The conversation before the message. */
  state: S;
  /** The event that records the message on a ticket. */
  received(ticketId: number): E;
  /** The id of the n-th message the automations send in answer (deterministic: a redelivery decides the same). */
  replyId(n: number): string;
}

/** What a family does with a customer's message (issue 33: families register their rules; none names another). */
export interface InboundRule {
  /** Before the message reaches a ticket: `handled`, the message is this family's and nothing else happens. */
  before?(turn: InboundTurn): { events: E[]; handled: boolean } | undefined;
  /** The message opened `ticketId` (events before the message is recorded). */
  opened?(turn: InboundTurn, ticketId: number): E[];
  /**
   * Answers the message on its ticket (not in groups), in `rank` order; `said` is what the families before it
   * answered. `takes`: the message is this family's, the ones after it stay quiet. Null: nothing to say.
   */
  answer?: InboundAnswer[];
}

export interface InboundAnswer {
  rank: number;
  decide(turn: InboundTurn & { ticket: TicketState; opened: boolean }, said: readonly E[]): { events: E[]; takes: boolean } | null;
}

/** What resolving a ticket says besides (none: the connection's farewell, if any). */
export type ResolveRule = (command: ResolveOptions & { ticketId: number }, ticket: TicketState, state: S) => E[];

/** A message typed on the connected phone (a person took over) on `ticketId` (absent: the message opened it). */
export type PhoneRule = (ticketId: number, ticket: TicketState | undefined, state: S) => E[];

/**
 * What a due timer of one kind does, when its deadline is still the armed one: the events after `TimerFired`, or none
 * (the rule no longer applies, nothing happens).
 */
export type TimerEffect = (fire: { ticketId: number; kind: TimerKind; dueAt: string; inactivity?: { messageId: string; body: string }; transferQueueId?: number | null }, ticket: TicketState, state: S) => E[];

/** The contributions of every family, composed: what a family's decision asks of the others without naming them. */
export interface ConversationRules {
  inbound: { before: NonNullable<InboundRule['before']>[]; opened: NonNullable<InboundRule['opened']>[]; answer: InboundAnswer[] };
  resolve: ResolveRule[];
  phone: PhoneRule[];
  timers: Partial<Record<TimerKind, TimerEffect>>;
}

/**
 * A family's slice of the conversation: its key in `ConversationSlices`, its start, and its own fold over the events it
 * cares about (any event of the stream, also one another family decided; several slices may fold one event).
 * `conversation` is the state with the core already folded for this event.
 */
export interface ConversationSlice<K extends keyof ConversationSlices> {
  key: K;
  initial(): ConversationSlices[K];
  evolve: { [T in E['type']]?: (slice: ConversationSlices[K], event: Event<T>, conversation: S) => ConversationSlices[K] };
  /** Its facts about each ticket, carried on the ticket in snapshots and merges (dropped with the ticket). */
  tickets?: TicketFactsCodec<ConversationSlices[K]>;
  /** Its facts about the conversation as a whole, in snapshots under its key. */
  snapshot?: { serialize(slice: ConversationSlices[K]): unknown; deserialize(data: unknown): ConversationSlices[K] };
  /**
   * The version of what it keeps in snapshots (1 when absent): bump it when its facts' shape changes, and the
   * conversation's snapshot version changes with it, so older snapshots are ignored rather than misread.
   */
  version?: number;
}

export type AnySlice = { [K in keyof ConversationSlices]: ConversationSlice<K> }[keyof ConversationSlices];

/**
 * A rule family of the customer's stream (decision 0013, 0045): the commands it decides, its slice, and what it adds
 * to other families' decisions. Only the core families (contacts, tickets, messages) fold the core (`evolve`, one
 * family per event type); every other family keeps a slice of its own. A server feature module brings its families
 * (`conversation: [timerRules]`), and the composition root composes the stream from the feature list; without `C`,
 * the type is a family whatever its commands, as a list of them holds it.
 */
export interface ConversationFamily<C extends Typed = never> {
  name: string;
  decide?: { [T in C['type']]?: (command: Extract<C, { type: T }>, state: S, rules: ConversationRules) => E[] };
  /** Folds of the core: `next` is a shallow copy of `state` for the handler to change. */
  evolve?: { [T in E['type']]?: (next: S, event: Event<T>, state: S) => void };
  slice?: AnySlice;
  inbound?: InboundRule;
  resolve?: ResolveRule;
  phone?: PhoneRule;
  /**
   * What its kinds of timer do when due: the kinds it fires, declared in its contracts (`TimerKindCatalogue`). The
   * composed families' kinds are the ones the jobs role fires (`ConversationDecider.timerKinds`).
   */
  timers?: Partial<Record<TimerKind, TimerEffect>>;
}

/** Declares a family (the identity, for its types). */
export function defineFamily<C extends Typed = never>(family: ConversationFamily<C>): ConversationFamily<C> {
  return family;
}

/** Declares a slice (the identity, for its types). */
export function defineSlice<K extends keyof ConversationSlices>(slice: ConversationSlice<K>): ConversationSlice<K> {
  return slice;
}
