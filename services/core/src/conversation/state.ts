import type { Ack, ContactStreamEvent, TicketStatus } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import { streamId } from '@atendo/platform';
import { Window } from './window.js';

/**
 * One customer (a phone number) of one company: the contact, its tickets and their messages live in one stream,
 * `contact-{companyId}.{number}`. That stream is what makes "one open or pending ticket per contact", "one of two
 * agents accepting wins" and "a redelivered WhatsApp message is a no-op" hold under concurrency.
 */
export const contactStream = (companyId: number, number: string) => streamId('contact', companyId, number);

/** The stream's events (contracts: contacts, tickets, messages); an outside fact carries a deterministic `id`. */
export type ContactStreamDomainEvent = ContactStreamEvent & { id?: string };

/**
 * A ticket as the conversation's core knows it. What an automation keeps of a ticket (the bot's place in its menu,
 * the armed deadlines, the tags, the flow that holds it …) is in that automation's own slice (`ConversationSlices`).
 */
export interface TicketState {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number;
  unread: number;
}

/** The core fields of a ticket, without what a slice keeps of it (a ticket carried in a snapshot or a merge has both). */
export function coreTicket(t: TicketState): TicketState {
  return { id: t.id, uuid: t.uuid, status: t.status, userId: t.userId, queueId: t.queueId, whatsappId: t.whatsappId, unread: t.unread };
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

/**
 * Each rule family's own slice of a conversation, by key. A family that keeps something adds its key here by module
 * augmentation from its own folder (`declare module '../conversation/state.js' { interface ConversationSlices { … } }`),
 * and folds it with its own `evolve` (conversation/family.ts); nothing central names it.
 */
export interface ConversationSlices {}

/** The conversation's core (contact, tickets, messages: what every family reads) and the families' slices. */
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
  /** What each rule family keeps (chatbot, ratings, timers, tags, flows …), by the family's key. */
  slices: ConversationSlices;
}

/** The conversation's core before its first event (the families' slices are added by the composition). */
export function initialCore(): Omit<ContactStreamState, 'slices'> {
  return {
    contact: null,
    tickets: ImmutableMap(),
    currentTicketId: null,
    received: Window.empty(RECEIVED_WINDOW),
    outbound: Window.empty(OUTBOUND_WINDOW),
    byProviderId: Window.empty(OUTBOUND_WINDOW),
    mergedInto: null,
    absorbed: [],
  };
}
