import type { Ack, MediaType, TicketStatus } from '@atendo/contracts';
import type { DomainEvent } from '../commands/decider.js';
import { streamId } from '../eventstore/streams.js';

/**
 * One customer (a phone number) of one company: the contact, its tickets and their messages live in one stream,
 * `contact-{companyId}.{number}`. That stream is what makes "one open or pending ticket per contact", "one of two
 * agents accepting wins" and "a redelivered WhatsApp message is a no-op" hold under concurrency.
 */
export const conversationStream = (companyId: number, number: string) => streamId('contact', companyId, number);

export type ConversationEvent =
  | DomainEvent<'ContactCreated', { contactId: number; number: string; name: string; isGroup: boolean }>
  | DomainEvent<'ContactRenamed', { contactId: number; name: string }>
  | DomainEvent<'TicketOpened', { ticketId: number; uuid: string; contactId: number; whatsappId: number; queueId: number | null; isGroup: boolean }>
  | DomainEvent<
      'MessageReceived',
      {
        ticketId: number;
        messageId: string;
        whatsappId: number;
        body: string;
        mediaType: MediaType;
        /** When the customer sent it (ISO). */
        sentAt: string;
        quotedMessageId: string | null;
      }
    >
  | DomainEvent<'TicketAccepted', { ticketId: number; userId: number }>
  | DomainEvent<'TicketResolved', { ticketId: number; userId: number | null }>
  | DomainEvent<'TicketReopened', { ticketId: number; userId: number }>
  | DomainEvent<'TicketReturnedToQueue', { ticketId: number; previousUserId: number | null }>
  | DomainEvent<'TicketRead', { ticketId: number }>
  | DomainEvent<'TicketDeleted', { ticketId: number; userId: number }>
  | DomainEvent<'MessageQueued', { ticketId: number; messageId: string; whatsappId: number; body: string; userId: number; quotedMessageId: string | null }>
  | DomainEvent<'MessageDispatched', { ticketId: number; messageId: string; providerMessageId: string }>
  /** Sent, but whether it reached WhatsApp is unknown (no confirmation): acks for `providerMessageId` settle it. */
  | DomainEvent<'MessageDispatchUncertain', { ticketId: number; messageId: string; providerMessageId: string; reason: string }>
  /** WhatsApp refused it before anything was sent. */
  | DomainEvent<'MessageDispatchFailed', { ticketId: number; messageId: string; reason: string }>
  | DomainEvent<'MessageAckChanged', { ticketId: number; messageId: string; ack: Ack }>;

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

export interface ConversationState {
  contact: { id: number; number: string; name: string; isGroup: boolean } | null;
  tickets: Map<number, TicketState>;
  /** The contact's open or pending ticket, if any. */
  currentTicketId: number | null;
  /** Ids of messages already received: a redelivery changes nothing. */
  received: Set<string>;
  outbound: Map<string, OutboundState>;
  /** Provider id → our id, for acks. */
  byProviderId: Map<string, string>;
}

export function initialConversation(): ConversationState {
  return { contact: null, tickets: new Map(), currentTicketId: null, received: new Set(), outbound: new Map(), byProviderId: new Map() };
}

/** Folds an event into the state; the state is copied at the top and mutated only in the copy's new maps. */
export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  const next: ConversationState = { ...state };
  const ticket = (id: number, change: Partial<TicketState>) => {
    const current = state.tickets.get(id);
    if (!current) return;
    next.tickets = new Map(state.tickets);
    next.tickets.set(id, { ...current, ...change });
  };
  switch (event.type) {
    case 'ContactCreated':
      next.contact = { id: event.data.contactId, number: event.data.number, name: event.data.name, isGroup: event.data.isGroup };
      break;
    case 'ContactRenamed':
      if (state.contact) next.contact = { ...state.contact, name: event.data.name };
      break;
    case 'TicketOpened':
      next.tickets = new Map(state.tickets);
      next.tickets.set(event.data.ticketId, {
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
      next.received = new Set(state.received).add(event.data.messageId);
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
      next.tickets = new Map(state.tickets);
      next.tickets.delete(event.data.ticketId);
      if (state.currentTicketId === event.data.ticketId) next.currentTicketId = null;
      break;
    case 'MessageQueued':
      next.outbound = new Map(state.outbound).set(event.data.messageId, { ticketId: event.data.ticketId, providerMessageId: null, ack: 0, failed: false });
      break;
    case 'MessageDispatched':
    case 'MessageDispatchUncertain': {
      const m = state.outbound.get(event.data.messageId);
      // A confirmed send is "sent"; an uncertain one keeps its ack until the acks that follow move it.
      const ack = event.type === 'MessageDispatched' ? 1 : (m?.ack ?? 0);
      if (m) next.outbound = new Map(state.outbound).set(event.data.messageId, { ...m, providerMessageId: event.data.providerMessageId, ack });
      next.byProviderId = new Map(state.byProviderId).set(event.data.providerMessageId, event.data.messageId);
      break;
    }
    case 'MessageDispatchFailed': {
      const m = state.outbound.get(event.data.messageId);
      if (m) next.outbound = new Map(state.outbound).set(event.data.messageId, { ...m, failed: true });
      break;
    }
    case 'MessageAckChanged': {
      const m = state.outbound.get(event.data.messageId);
      if (m) next.outbound = new Map(state.outbound).set(event.data.messageId, { ...m, ack: event.data.ack });
      break;
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
  return next;
}
