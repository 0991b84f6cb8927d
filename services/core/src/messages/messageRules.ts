import type { Ack, MediaType, MessageEvent } from '@atendo/contracts';
import { defineFamily, type InboundFacts, type InboundMessage, type InboundTurn } from '../conversation/family.js';
import type { ContactStreamDomainEvent, ContactStreamState, OutboundState, TicketState } from '../conversation/state.js';
import { armTimer, changeTicket, requireOwner, ticketOf } from '../conversation/tickets.js';
import { DomainError } from '@atendo/platform';
import { inboundEventId, nameBasedUuid } from './inboundIds.js';

export type MessageCommand =
  /** A customer's message, with what the connection's automations add to it (`InboundContext`). */
  | ({ type: 'ReceiveMessage' } & InboundMessage)
  /**
   * A reply typed on the connected phone itself (`messageId`: WhatsApp's id). The platform's own sends echoed back
   * (an id the conversation knows) change nothing; otherwise it shows as sent, and a person has taken over: the bot
   * stops on the ticket. A conversation the phone starts gets its contact and a pending ticket.
   */
  | ({ type: 'RecordPhoneMessage' } & InboundFacts)
  | {
      type: 'QueueMessage';
      ticketId: number;
      messageId: string;
      body: string;
      userId: number;
      admin: boolean;
      quotedMessageId: string | null;
      media?: { mediaType: MediaType; mediaUrl: string; voice: boolean };
      /** The connection's `expiresTicket` (minutes) and the time of sending: quiet that long after, the ticket closes. */
      autoClose?: { minutes: number; at: string };
    }
  /**
   * A message sent through the external API (a connection's token, no agent): to the contact's open or pending ticket,
   * or to a new pending one (the contact too, if new), so the conversation shows in the console like any other.
   */
  | {
      type: 'QueueExternalMessage';
      companyId: number;
      whatsappId: number;
      number: string;
      messageId: string;
      body: string;
      media?: { mediaType: MediaType; mediaUrl: string; voice: boolean };
      queueId: number | null;
      newContactId: number;
      newTicketId: number;
      newTicketUuid: string;
      /**
       * A campaign's message: a ticket opened only to carry it is resolved at once, so thousands of recipients do not
       * become thousands of tickets in the agents' queues; a reply opens a ticket as any first message does.
       */
      resolveOpened?: boolean;
    }
  /** An agent deletes a message the platform sent (the route checks it is hers). */
  | { type: 'DeleteMessage'; messageId: string }
  | { type: 'RecordDispatch'; messageId: string; providerMessageId: string }
  | { type: 'RecordDispatchUncertain'; messageId: string; providerMessageId: string; reason: string }
  | { type: 'RecordDispatchFailure'; messageId: string; reason: string }
  | { type: 'RecordAck'; providerMessageId: string; ack: Ack }
  /**
   * The customer edited or deleted (for everyone) a message of theirs; `changeId` is WhatsApp's id of the edit or
   * delete itself, so the same change delivered twice is one event.
   */
  | { type: 'RecordCustomerEdit'; companyId: number; whatsappId: number; changeId: string; ticketId: number; messageId: string; body: string }
  | { type: 'RecordCustomerRevoke'; companyId: number; whatsappId: number; changeId: string; ticketId: number; messageId: string }
  | { type: 'RecordDeliveryFailure'; providerMessageId: string; reason: string };

declare module '../conversation/family.js' {
  interface ConversationCommands {
    messages: MessageCommand;
  }
}

function changeOutbound(next: ContactStreamState, state: ContactStreamState, messageId: string, change: Partial<OutboundState>): void {
  const current = state.outbound.get(messageId);
  if (current) next.outbound = state.outbound.set(messageId, { ...current, ...change });
}

function folded(next: ContactStreamState, { data }: Extract<MessageEvent, { type: 'MessageDispatched' | 'MessageDispatchUncertain' }>, state: ContactStreamState, ack: Ack) {
  changeOutbound(next, state, data.messageId, { providerMessageId: data.providerMessageId, ack });
  next.byProviderId = state.byProviderId.set(data.providerMessageId, data.messageId);
}

/**
 * The contact and the open or pending ticket a message goes to: created (contact) and opened (ticket) when there are
 * none, their events pushed onto `events`.
 */
function conversationOf(
  state: ContactStreamState,
  events: ContactStreamDomainEvent[],
  c: { number: string; name: string; isGroup: boolean; whatsappId: number; queueId: number | null; newContactId: number; newTicketId: number; newTicketUuid: string },
): { contactId: number; ticketId: number; opened: boolean } {
  let contactId = state.contact?.id;
  if (contactId === undefined) {
    contactId = c.newContactId;
    events.push({ type: 'ContactCreated', data: { contactId, number: c.number, name: c.name, isGroup: c.isGroup } });
  }
  if (state.currentTicketId !== null) return { contactId, ticketId: state.currentTicketId, opened: false };
  const ticketId = c.newTicketId;
  events.push({ type: 'TicketOpened', data: { ticketId, uuid: c.newTicketUuid, contactId, whatsappId: c.whatsappId, queueId: c.queueId, isGroup: c.isGroup } });
  return { contactId, ticketId, opened: true };
}

/** What a message that came from WhatsApp (the customer's, or typed on the phone) records. */
function inboundData(command: InboundFacts, ticketId: number) {
  return {
    ticketId,
    messageId: command.messageId,
    whatsappId: command.whatsappId,
    body: command.body,
    mediaType: command.mediaType,
    sentAt: command.sentAt,
    quotedMessageId: command.quotedMessageId,
    ...(command.mediaUrl ? { mediaUrl: command.mediaUrl } : {}),
  };
}

/**
 * Messages in and out. A customer's message is the one command that may also create the contact and open a
 * ticket; a redelivered one changes nothing. A reply is queued, then sent, acknowledged or refused.
 */
export const messageRules = defineFamily<MessageCommand>({
  name: 'messages',
  decide: {
    ReceiveMessage(command, state, rules) {
      if (state.received.has(command.messageId)) return [];
      const turn: InboundTurn = {
        message: command,
        state,
        received: (ticketId) => ({ type: 'MessageReceived', id: inboundEventId(command.companyId, command.whatsappId, command.messageId), data: inboundData(command, ticketId) }),
        replyId: (n) => nameBasedUuid(`atendo:chatbot:${command.companyId}:${command.whatsappId}:${command.messageId}:${n}`),
      };
      const events: ContactStreamDomainEvent[] = [];
      // A family may take the message before it reaches a ticket (a rating being awaited, rule 4).
      for (const before of rules.inbound.before) {
        const taken = before(turn);
        if (!taken) continue;
        if (taken.handled) return [...events, ...taken.events];
        events.push(...taken.events);
      }
      const known = state.contact;
      if (known && command.pushName && known.name === known.number && command.pushName !== known.name) {
        // A contact we only knew by number now shows a name.
        events.push({ type: 'ContactRenamed', data: { contactId: known.id, name: command.pushName } });
      }
      const { ticketId, opened } = conversationOf(state, events, { ...command, name: command.pushName || command.number });
      if (opened) for (const rule of rules.inbound.opened) events.push(...rule(turn, ticketId));
      events.push(turn.received(ticketId));
      if (command.isGroup) return events;
      const ticket: TicketState | undefined = opened
        ? { id: ticketId, uuid: command.newTicketUuid, status: 'pending', userId: null, queueId: command.queueId, whatsappId: command.whatsappId, unread: 0 }
        : state.tickets.get(ticketId);
      if (!ticket) return events;
      // The families answer in turn (a flow, then the chatbot's menu …); one that takes the message silences the rest.
      const said: ContactStreamDomainEvent[] = [];
      for (const answer of rules.inbound.answer) {
        const answered = answer.decide({ ...turn, ticket, opened }, said);
        if (!answered) continue;
        said.push(...answered.events);
        if (answered.takes) break;
      }
      return [...events, ...said];
    },
    RecordPhoneMessage(command, state, rules) {
      if (state.received.has(command.messageId) || state.byProviderId.has(command.messageId)) return [];
      const events: ContactStreamDomainEvent[] = [];
      const { ticketId } = conversationOf(state, events, { ...command, name: command.number, isGroup: false });
      const ticket = state.tickets.get(ticketId);
      events.push({ type: 'MessageTypedOnPhone', id: inboundEventId(command.companyId, command.whatsappId, command.messageId), data: inboundData(command, ticketId) });
      // A person answered on the phone: the automations hear of it (the bot stops).
      for (const rule of rules.phone) events.push(...rule(ticketId, ticket, state));
      return events;
    },
    QueueMessage(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      const earlier = state.outbound.get(command.messageId);
      if (earlier) {
        if (earlier.ticketId === command.ticketId) return [];
        throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED', 'This message id belongs to a message of another ticket', { ticketId: earlier.ticketId });
      }
      if (ticket.status !== 'open') throw new DomainError('ERR_TICKET_CLOSED', 'Only an open ticket takes messages: accept or reopen it first');
      requireOwner(ticket, command.userId, command.admin);
      const events: ContactStreamDomainEvent[] = [
        {
          type: 'MessageQueued',
          data: {
            ticketId: ticket.id,
            messageId: command.messageId,
            whatsappId: ticket.whatsappId,
            body: command.body,
            userId: command.userId,
            quotedMessageId: command.quotedMessageId,
            ...(command.media ? { mediaType: command.media.mediaType, mediaUrl: command.media.mediaUrl, ...(command.media.voice ? { voice: true } : {}) } : {}),
          },
        },
      ];
      // The agent spoke last: quiet long enough, the ticket closes (groups wait for a person).
      if (command.autoClose && command.autoClose.minutes > 0 && !state.contact?.isGroup) events.push(armTimer(ticket.id, 'autoClose', command.autoClose.at, command.autoClose.minutes));
      return events;
    },
    QueueExternalMessage(command, state) {
      if (state.outbound.has(command.messageId)) return [];
      const events: ContactStreamDomainEvent[] = [];
      const { ticketId, opened } = conversationOf(state, events, { ...command, name: command.number, isGroup: false });
      events.push({
        type: 'MessageQueued',
        data: {
          ticketId,
          messageId: command.messageId,
          whatsappId: command.whatsappId,
          body: command.body,
          // No agent wrote it: the API did.
          userId: 0,
          quotedMessageId: null,
          ...(command.media ? { mediaType: command.media.mediaType, mediaUrl: command.media.mediaUrl, ...(command.media.voice ? { voice: true } : {}) } : {}),
        },
      });
      if (opened && command.resolveOpened) events.push({ type: 'TicketResolved', data: { ticketId, userId: null } });
      return events;
    },
    DeleteMessage(command, state) {
      const message = state.outbound.get(command.messageId);
      // The state remembers the latest sent messages (OUTBOUND_WINDOW); an older one is out of reach.
      if (!message) throw new DomainError('ERR_DELETE_WAPP_MSG', 'Only a recent message sent from the platform can be deleted', { messageId: command.messageId }, 409);
      if (message.deleted) return [];
      const ticket = ticketOf(state, message.ticketId);
      return [{ type: 'MessageDeleted', data: { ticketId: message.ticketId, messageId: command.messageId, whatsappId: ticket.whatsappId, providerMessageId: message.providerMessageId } }];
    },
    RecordDispatch(command, state) {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null) return [];
      return [{ type: 'MessageDispatched', data: { ticketId: message.ticketId, messageId: command.messageId, providerMessageId: command.providerMessageId } }];
    },
    RecordDispatchUncertain(command, state) {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null || message.failed) return [];
      return [
        {
          type: 'MessageDispatchUncertain',
          data: { ticketId: message.ticketId, messageId: command.messageId, providerMessageId: command.providerMessageId, reason: command.reason },
        },
      ];
    },
    RecordDispatchFailure(command, state) {
      const message = state.outbound.get(command.messageId);
      if (!message || message.providerMessageId !== null || message.failed) return [];
      return [{ type: 'MessageDispatchFailed', data: { ticketId: message.ticketId, messageId: command.messageId, reason: command.reason } }];
    },
    RecordAck(command, state) {
      const messageId = state.byProviderId.get(command.providerMessageId);
      const message = messageId ? state.outbound.get(messageId) : undefined;
      // Acks only move forward; a late "delivered" after "read" changes nothing.
      if (!messageId || !message || command.ack <= message.ack) return [];
      return [{ type: 'MessageAckChanged', data: { ticketId: message.ticketId, messageId, ack: command.ack } }];
    },
    RecordCustomerEdit(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      return [{ type: 'MessageEdited', id: inboundEventId(command.companyId, command.whatsappId, command.changeId), data: { ticketId: ticket.id, messageId: command.messageId, body: command.body } }];
    },
    RecordCustomerRevoke(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      return [{ type: 'MessageRevoked', id: inboundEventId(command.companyId, command.whatsappId, command.changeId), data: { ticketId: ticket.id, messageId: command.messageId } }];
    },
    RecordDeliveryFailure(command, state) {
      const messageId = state.byProviderId.get(command.providerMessageId);
      const message = messageId ? state.outbound.get(messageId) : undefined;
      // Once the customer's phone has it (ack 2 or more), a late error says nothing about this message.
      if (!messageId || !message || message.failed || message.ack >= 2) return [];
      return [{ type: 'MessageDeliveryFailed', data: { ticketId: message.ticketId, messageId, reason: command.reason } }];
    },
  },
  evolve: {
    MessageReceived(next, { data }, state) {
      next.received = state.received.set(data.messageId, true);
      const t = state.tickets.get(data.ticketId);
      if (t) changeTicket(next, state, t.id, { unread: t.unread + 1 });
    },
    MessageTypedOnPhone(next, { data }, state) {
      next.received = state.received.set(data.messageId, true);
    },
    MessageQueued(next, { data }, state) {
      next.outbound = state.outbound.set(data.messageId, { ticketId: data.ticketId, providerMessageId: null, ack: 0, failed: false });
    },
    // A confirmed send is "sent"; an uncertain one keeps its ack until the acks that follow move it.
    MessageDispatched(next, event, state) {
      folded(next, event, state, 1);
    },
    MessageDispatchUncertain(next, event, state) {
      folded(next, event, state, state.outbound.get(event.data.messageId)?.ack ?? 0);
    },
    MessageDispatchFailed(next, { data }, state) {
      changeOutbound(next, state, data.messageId, { failed: true });
    },
    MessageDeleted(next, { data }, state) {
      changeOutbound(next, state, data.messageId, { deleted: true });
    },
    MessageAckChanged(next, { data }, state) {
      changeOutbound(next, state, data.messageId, { ack: data.ack, failed: false });
    },
    MessageDeliveryFailed(next, { data }, state) {
      changeOutbound(next, state, data.messageId, { failed: true });
    },
    // The conversation's rules do not depend on a message's text.
    MessageEdited() {},
    MessageRevoked() {},
  },
});
