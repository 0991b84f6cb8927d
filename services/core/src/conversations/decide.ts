import { createHash } from 'node:crypto';
import type { Ack, MediaType } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { DomainError } from '../errors.js';
import { conversationSnapshots, evolveConversation, initialConversation, type ConversationEvent, type ConversationState, type TicketState } from './conversation.js';

export type ConversationCommand =
  | {
      type: 'ReceiveMessage';
      companyId: number;
      whatsappId: number;
      messageId: string;
      number: string;
      pushName: string | null;
      body: string;
      mediaType: MediaType;
      sentAt: string;
      isGroup: boolean;
      quotedMessageId: string | null;
      /** The connection's queue when it has exactly one. */
      queueId: number | null;
      /** Ids the handler allocated in case the decision needs them. */
      newContactId: number;
      newTicketId: number;
      newTicketUuid: string;
    }
  | { type: 'AcceptTicket'; ticketId: number; userId: number }
  /** `userId` null: the system (e.g. expiry) resolves it. `admin`: the acting user may act on any agent's ticket. */
  | { type: 'ResolveTicket'; ticketId: number; userId: number | null; admin: boolean }
  | { type: 'ReopenTicket'; ticketId: number; userId: number }
  | { type: 'ReturnTicket'; ticketId: number; userId: number | null; admin: boolean }
  | { type: 'MarkTicketRead'; ticketId: number }
  | { type: 'DeleteTicket'; ticketId: number; userId: number }
  | { type: 'QueueMessage'; ticketId: number; messageId: string; body: string; userId: number; admin: boolean; quotedMessageId: string | null }
  | { type: 'RecordDispatch'; messageId: string; providerMessageId: string }
  | { type: 'RecordDispatchUncertain'; messageId: string; providerMessageId: string; reason: string }
  | { type: 'RecordDispatchFailure'; messageId: string; reason: string }
  | { type: 'RecordAck'; providerMessageId: string; ack: Ack };

/** A v5-style UUID named by `name`: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(name).digest('hex');
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${((parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
}

/** The event id of an outside fact: the same WhatsApp message always gives the same id. */
export function inboundEventId(companyId: number, whatsappId: number, messageId: string): string {
  return nameBasedUuid(`atendo:inbound:${companyId}:${whatsappId}:${messageId}`);
}

function ticketOf(state: ConversationState, ticketId: number): TicketState {
  const ticket = state.tickets.get(ticketId);
  if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', `Ticket ${ticketId} not found`, undefined, 404);
  return ticket;
}

/** An open ticket is its agent's: another user (not an admin) may not act on it. */
function requireOwner(ticket: TicketState, userId: number | null, admin: boolean): void {
  if (userId === null || admin || ticket.userId === null || ticket.userId === userId) return;
  throw new DomainError('ERR_NO_PERMISSION', 'This ticket is another agent’s', { userId: ticket.userId }, 403);
}

function decide(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  switch (command.type) {
    case 'ReceiveMessage': {
      if (state.received.has(command.messageId)) return [];
      const events: ConversationEvent[] = [];
      let contactId = state.contact?.id;
      if (contactId === undefined) {
        contactId = command.newContactId;
        events.push({
          type: 'ContactCreated',
          data: { contactId, number: command.number, name: command.pushName || command.number, isGroup: command.isGroup },
        });
      } else if (command.pushName && state.contact!.name === state.contact!.number && command.pushName !== state.contact!.name) {
        // A contact we only knew by number now shows a name.
        events.push({ type: 'ContactRenamed', data: { contactId, name: command.pushName } });
      }
      let ticketId = state.currentTicketId;
      if (ticketId === null) {
        ticketId = command.newTicketId;
        events.push({
          type: 'TicketOpened',
          data: { ticketId, uuid: command.newTicketUuid, contactId, whatsappId: command.whatsappId, queueId: command.queueId, isGroup: command.isGroup },
        });
      }
      events.push({
        type: 'MessageReceived',
        id: inboundEventId(command.companyId, command.whatsappId, command.messageId),
        data: {
          ticketId,
          messageId: command.messageId,
          whatsappId: command.whatsappId,
          body: command.body,
          mediaType: command.mediaType,
          sentAt: command.sentAt,
          quotedMessageId: command.quotedMessageId,
        },
      });
      return events;
    }
    case 'AcceptTicket': {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen it instead');
      if (ticket.status === 'open') {
        if (ticket.userId === command.userId) return [];
        throw new DomainError('ERR_TICKET_ALREADY_ACCEPTED', 'Another agent accepted this ticket first', { userId: ticket.userId });
      }
      return [{ type: 'TicketAccepted', data: { ticketId: ticket.id, userId: command.userId } }];
    }
    case 'ResolveTicket': {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') return [];
      requireOwner(ticket, command.userId, command.admin);
      return [{ type: 'TicketResolved', data: { ticketId: ticket.id, userId: command.userId } }];
    }
    case 'ReopenTicket': {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status !== 'closed') {
        if (ticket.userId === command.userId) return [];
        throw new DomainError('ERR_INVALID_TICKET_TRANSITION', 'Only a closed ticket can be reopened');
      }
      if (state.currentTicketId !== null) {
        throw new DomainError('ERR_OTHER_OPEN_TICKET', 'This contact already has an open or pending ticket', {
          ticketId: state.currentTicketId,
        });
      }
      return [{ type: 'TicketReopened', data: { ticketId: ticket.id, userId: command.userId } }];
    }
    case 'ReturnTicket': {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'pending') return [];
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed');
      requireOwner(ticket, command.userId, command.admin);
      return [{ type: 'TicketReturnedToQueue', data: { ticketId: ticket.id, previousUserId: ticket.userId } }];
    }
    case 'MarkTicketRead': {
      const ticket = ticketOf(state, command.ticketId);
      return ticket.unread > 0 ? [{ type: 'TicketRead', data: { ticketId: ticket.id } }] : [];
    }
    case 'DeleteTicket': {
      const ticket = ticketOf(state, command.ticketId);
      return [{ type: 'TicketDeleted', data: { ticketId: ticket.id, userId: command.userId } }];
    }
    case 'QueueMessage': {
      const ticket = ticketOf(state, command.ticketId);
      const earlier = state.outbound.get(command.messageId);
      if (earlier) {
        if (earlier.ticketId === command.ticketId) return [];
        throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED', 'This message id belongs to a message of another ticket', { ticketId: earlier.ticketId });
      }
      if (ticket.status !== 'open') {
        throw new DomainError('ERR_TICKET_CLOSED', 'Only an open ticket takes messages: accept or reopen it first');
      }
      requireOwner(ticket, command.userId, command.admin);
      return [
        {
          type: 'MessageQueued',
          data: { ticketId: ticket.id, messageId: command.messageId, whatsappId: ticket.whatsappId, body: command.body, userId: command.userId, quotedMessageId: command.quotedMessageId },
        },
      ];
    }
    case 'RecordDispatch': {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null) return [];
      return [{ type: 'MessageDispatched', data: { ticketId: message.ticketId, messageId: command.messageId, providerMessageId: command.providerMessageId } }];
    }
    case 'RecordDispatchUncertain': {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null || message.failed) return [];
      return [
        {
          type: 'MessageDispatchUncertain',
          data: { ticketId: message.ticketId, messageId: command.messageId, providerMessageId: command.providerMessageId, reason: command.reason },
        },
      ];
    }
    case 'RecordDispatchFailure': {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null || message.failed) return [];
      return [{ type: 'MessageDispatchFailed', data: { ticketId: message.ticketId, messageId: command.messageId, reason: command.reason } }];
    }
    case 'RecordAck': {
      const messageId = state.byProviderId.get(command.providerMessageId);
      const message = messageId ? state.outbound.get(messageId) : undefined;
      // Acks only move forward; a late "delivered" after "read" changes nothing.
      if (!messageId || !message || command.ack <= message.ack) return [];
      return [{ type: 'MessageAckChanged', data: { ticketId: message.ticketId, messageId, ack: command.ack } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: initialConversation,
  evolve: evolveConversation,
  decide,
  snapshot: conversationSnapshots,
};
