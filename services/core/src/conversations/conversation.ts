import type { Ack, ContactStreamEvent, TicketStatus } from '@atendo/contracts';
import { Map as ImmutableMap } from 'immutable';
import type { SnapshotCodec } from '../commands/decider.js';
import { streamId } from '../eventstore/streams.js';
import { Window } from './window.js';

/**
 * One customer (a phone number) of one company: the contact, its tickets and their messages live in one stream,
 * `contact-{companyId}.{number}`. That stream is what makes "one open or pending ticket per contact", "one of two
 * agents accepting wins" and "a redelivered WhatsApp message is a no-op" hold under concurrency.
 */
export const conversationStream = (companyId: number, number: string) => streamId('contact', companyId, number);

/** The stream's events (contracts: contacts, tickets, messages); an outside fact carries a deterministic `id`. */
export type ConversationEvent = ContactStreamEvent & { id?: string };

export interface TicketState {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number;
  unread: number;
}

export interface OutboundState {
  ticketId: number;
  providerMessageId: string | null;
  ack: Ack;
  failed: boolean;
}

/** How many of the latest received message ids the state remembers; older redeliveries are caught by event id. */
export const RECEIVED_WINDOW = 256;
/** How many of the latest outbound messages the state tracks for dispatch and acks. */
export const OUTBOUND_WINDOW = 512;

export interface ConversationState {
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
}

export function initialConversation(): ConversationState {
  return {
    contact: null,
    tickets: ImmutableMap(),
    currentTicketId: null,
    received: Window.empty(RECEIVED_WINDOW),
    outbound: Window.empty(OUTBOUND_WINDOW),
    byProviderId: Window.empty(OUTBOUND_WINDOW),
  };
}

/** Folds an event into the state. Pure: the collections are persistent, so a change shares the rest. */
export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  const next: ConversationState = { ...state };
  const ticket = (id: number, change: Partial<TicketState>) => {
    const current = state.tickets.get(id);
    if (current) next.tickets = state.tickets.set(id, { ...current, ...change });
  };
  const outbound = (messageId: string, change: Partial<OutboundState>) => {
    const current = state.outbound.get(messageId);
    if (current) next.outbound = state.outbound.set(messageId, { ...current, ...change });
  };
  switch (event.type) {
    case 'ContactCreated':
      next.contact = { id: event.data.contactId, number: event.data.number, name: event.data.name, isGroup: event.data.isGroup };
      break;
    case 'ContactRenamed':
      if (state.contact) next.contact = { ...state.contact, name: event.data.name };
      break;
    case 'TicketOpened':
      next.tickets = state.tickets.set(event.data.ticketId, {
        id: event.data.ticketId,
        uuid: event.data.uuid,
        status: 'pending',
        userId: null,
        queueId: event.data.queueId,
        whatsappId: event.data.whatsappId,
        unread: 0,
      });
      next.currentTicketId = event.data.ticketId;
      break;
    case 'MessageReceived': {
      next.received = state.received.set(event.data.messageId, true);
      const t = state.tickets.get(event.data.ticketId);
      if (t) ticket(t.id, { unread: t.unread + 1 });
      break;
    }
    case 'TicketAccepted':
      ticket(event.data.ticketId, { status: 'open', userId: event.data.userId });
      break;
    case 'TicketReopened':
      ticket(event.data.ticketId, { status: 'open', userId: event.data.userId });
      next.currentTicketId = event.data.ticketId;
      break;
    case 'TicketResolved':
      ticket(event.data.ticketId, { status: 'closed' });
      if (state.currentTicketId === event.data.ticketId) next.currentTicketId = null;
      break;
    case 'TicketReturnedToQueue':
      ticket(event.data.ticketId, { status: 'pending', userId: null });
      break;
    case 'TicketRead':
      ticket(event.data.ticketId, { unread: 0 });
      break;
    case 'TicketDeleted':
      next.tickets = state.tickets.delete(event.data.ticketId);
      if (state.currentTicketId === event.data.ticketId) next.currentTicketId = null;
      break;
    case 'MessageQueued':
      next.outbound = state.outbound.set(event.data.messageId, { ticketId: event.data.ticketId, providerMessageId: null, ack: 0, failed: false });
      break;
    case 'MessageDispatched':
    case 'MessageDispatchUncertain': {
      // A confirmed send is "sent"; an uncertain one keeps its ack until the acks that follow move it.
      const ack = event.type === 'MessageDispatched' ? 1 : (state.outbound.get(event.data.messageId)?.ack ?? 0);
      outbound(event.data.messageId, { providerMessageId: event.data.providerMessageId, ack });
      next.byProviderId = state.byProviderId.set(event.data.providerMessageId, event.data.messageId);
      break;
    }
    case 'MessageDispatchFailed':
      outbound(event.data.messageId, { failed: true });
      break;
    case 'MessageAckChanged':
      outbound(event.data.messageId, { ack: event.data.ack });
      break;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
  return next;
}

/**
 * The state as JSON, for snapshots: the windows keep their order, so a loaded state evicts as the folded one.
 * Outbound messages are tuples (the bulk of a snapshot); provider ids are rebuilt from them.
 */
interface ConversationSnapshot {
  contact: ConversationState['contact'];
  tickets: TicketState[];
  currentTicketId: number | null;
  received: string[];
  outbound: Array<[messageId: string, ticketId: number, providerMessageId: string | null, ack: Ack, failed: boolean]>;
}

export const conversationSnapshots: SnapshotCodec<ConversationState> = {
  // Bump when the state's shape or a window's size changes: older snapshots are then ignored.
  version: 1,
  every: 100,
  serialize: (state): ConversationSnapshot => ({
    contact: state.contact,
    tickets: [...state.tickets.values()],
    currentTicketId: state.currentTicketId,
    received: state.received.toArray().map(([id]) => id),
    outbound: state.outbound.toArray().map(([id, m]) => [id, m.ticketId, m.providerMessageId, m.ack, m.failed]),
  }),
  deserialize: (data) => {
    const s = data as ConversationSnapshot;
    const outbound = Window.of<string, OutboundState>(
      OUTBOUND_WINDOW,
      s.outbound.map(([id, ticketId, providerMessageId, ack, failed]) => [id, { ticketId, providerMessageId, ack, failed }]),
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
    };
  },
};
