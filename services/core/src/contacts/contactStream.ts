import type { Ack, ContactStreamEvent, TicketStatus, TimerKind } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import type { SnapshotCodec } from '../commands/decider.js';
import { streamId } from '@atendo/platform';
import { Window } from './window.js';
import type { BotState } from '../chatbot/chatbot.js';
import type { RatingWait } from '../ratings/rating.js';

/**
 * One customer (a phone number) of one company: the contact, its tickets and their messages live in one stream,
 * `contact-{companyId}.{number}`. That stream is what makes "one open or pending ticket per contact", "one of two
 * agents accepting wins" and "a redelivered WhatsApp message is a no-op" hold under concurrency.
 */
export const contactStream = (companyId: number, number: string) => streamId('contact', companyId, number);

/** The stream's events (contracts: contacts, tickets, messages); an outside fact carries a deterministic `id`. */
export type ContactStreamDomainEvent = ContactStreamEvent & { id?: string };

export interface TicketState {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number;
  unread: number;
  /** Where the chatbot stands on this ticket (chatbot/chatbot.ts); absent once a person took it, or before the bot asked. */
  bot?: BotState;
  /** The closed period whose out-of-hours message this ticket got (its next opening, local time; null: never opens). */
  outOfHours?: string | null;
  /** Greeted late: it opened out of hours, and the greeting came with the first message in hours. */
  greeted?: boolean;
  /** Its armed deadlines by kind (timers/timers.ts): the due time each was set for. */
  timers?: Partial<Record<TimerKind, string>>;
  /** Its tags' ids (tags/ticketTags.ts); absent: none. */
  tags?: number[];
  /** The flow execution that holds this ticket (flows/ticketFlows.ts): the customer's messages go to it, not the menu. */
  flow?: string;
  /** The flow that holds it is a prompt's or an integration's (decision 0033). */
  flowIsBot?: boolean;
  /** The queue (null: none) in which a prompt or an integration let the ticket go: no bot starts again there. */
  botSpentIn?: number | null;
}

export interface OutboundState {
  ticketId: number;
  providerMessageId: string | null;
  ack: Ack;
  failed: boolean;
  /** Deleted by its agent (MessageDeleted). */
  deleted?: boolean;
}

/** How many of the latest received message ids the state remembers; older redeliveries are caught by event id. */
export const RECEIVED_WINDOW = 256;
/** How many of the latest outbound messages the state tracks for dispatch and acks. */
export const OUTBOUND_WINDOW = 512;

export interface ContactStreamState {
  contact: { id: number; number: string; name: string; isGroup: boolean } | null;
  tickets: ImmutableMap<number, TicketState>;
  /** The contact's open or pending ticket, if any. */
  currentTicketId: number | null;
  /** Ids of the latest messages received: a redelivery changes nothing (decision 0007 for older ones). */
  received: Window<string, true>;
  /** The latest messages sent, by our id. */
  outbound: Window<string, OutboundState>;
  /** Provider id → our id, for acks, for as many messages as `outbound` holds. */
  byProviderId: Window<string, string>;
  /** This contact was found to be another number's (a LID's contact): its conversation goes on in that stream. */
  mergedInto: string | null;
  /** Contacts of the same person merged into this one (their ids): a merge repeated after a crash changes nothing. */
  absorbed: number[];
  /** A resolved ticket waiting for the customer's rating (ratings/rating.ts). */
  rating: RatingWait | null;
}

export function initialContactStream(): ContactStreamState {
  return {
    contact: null,
    tickets: ImmutableMap(),
    currentTicketId: null,
    received: Window.empty(RECEIVED_WINDOW),
    outbound: Window.empty(OUTBOUND_WINDOW),
    byProviderId: Window.empty(OUTBOUND_WINDOW),
    mergedInto: null,
    absorbed: [],
    rating: null,
  };
}

/**
 * The state as JSON, for snapshots: the windows keep their order, so a loaded state evicts as the folded one.
 * Outbound messages are tuples (the bulk of a snapshot); provider ids are rebuilt from them.
 */
interface ConversationSnapshot {
  contact: ContactStreamState['contact'];
  tickets: TicketState[];
  currentTicketId: number | null;
  received: string[];
  outbound: Array<[messageId: string, ticketId: number, providerMessageId: string | null, ack: Ack, failed: boolean, deleted?: boolean]>;
  mergedInto: string | null;
  absorbed: number[];
  rating?: RatingWait | null;
}

export const contactStreamSnapshots: SnapshotCodec<ContactStreamState> = {
  // Bump when the state's shape or a window's size changes: older snapshots are then ignored.
  version: 7,
  every: 100,
  serialize: (state): ConversationSnapshot => ({
    contact: state.contact,
    tickets: [...state.tickets.values()],
    currentTicketId: state.currentTicketId,
    received: state.received.toArray().map(([id]) => id),
    outbound: state.outbound.toArray().map(([id, m]) => (m.deleted ? [id, m.ticketId, m.providerMessageId, m.ack, m.failed, true] : [id, m.ticketId, m.providerMessageId, m.ack, m.failed])),
    mergedInto: state.mergedInto,
    absorbed: state.absorbed,
    rating: state.rating,
  }),
  deserialize: (data) => {
    const s = data as ConversationSnapshot;
    const outbound = Window.of<string, OutboundState>(
      OUTBOUND_WINDOW,
      s.outbound.map(([id, ticketId, providerMessageId, ack, failed, deleted]) => [id, { ticketId, providerMessageId, ack, failed, ...(deleted ? { deleted } : {}) }]),
    );
    return {
      contact: s.contact,
      tickets: ImmutableMap(s.tickets.map((t) => [t.id, t])),
      currentTicketId: s.currentTicketId,
      received: Window.of(RECEIVED_WINDOW, s.received.map((id) => [id, true])),
      outbound,
      // Only the providers of messages still in `outbound` matter: an ack for any other finds no message.
      byProviderId: Window.of(
        OUTBOUND_WINDOW,
        s.outbound.flatMap(([id, , providerMessageId]) => (providerMessageId === null ? [] : [[providerMessageId, id] as [string, string]])),
      ),
      mergedInto: s.mergedInto ?? null,
      absorbed: s.absorbed ?? [],
      rating: s.rating ?? null,
    };
  },
};
