import { DomainError } from '@atendo/platform';
import { defineFamily, type ResolveOptions } from '../conversation/family.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { changeTicket, requireOwner, systemMessage, ticketOf } from '../conversation/tickets.js';

export type TicketCommand =
  /** `greeting`: the message naming the agent the customer gets (the company's `sendGreetingAccepted`). */
  | { type: 'AcceptTicket'; ticketId: number; userId: number; greeting?: { messageId: string; body: string } }
  /** `userId` null: the system (e.g. expiry) resolves it. `admin`: the acting user may act on any agent's ticket. */
  /**
   * `farewell`: the connection's completion message, with the id it goes out under, unless another family says
   * something on resolving (its options: `ResolveOptions`, e.g. the ratings' question).
   */
  | ({
      type: 'ResolveTicket';
      ticketId: number;
      userId: number | null;
      admin: boolean;
      farewell?: { messageId: string; body: string };
    } & ResolveOptions)
  | { type: 'ReopenTicket'; ticketId: number; userId: number }
  | { type: 'ReturnTicket'; ticketId: number; userId: number | null; admin: boolean }
  | { type: 'MarkTicketRead'; ticketId: number }
  /** An agent starts a conversation with a known contact: a new ticket, open and theirs. */
  | { type: 'StartTicket'; ticketId: number; uuid: string; userId: number; queueId: number | null; whatsappId: number }
  /**
   * Another queue, agent and/or connection (each absent: unchanged; `userId` null: nobody). `notice`: the message the
   * customer gets about it (the company's `sendMsgTransfTicket`), with the id it goes out under.
   */
  | {
      type: 'TransferTicket';
      ticketId: number;
      queueId?: number | null;
      userId?: number | null;
      whatsappId?: number;
      by: number;
      admin: boolean;
      notice?: { messageId: string; body: string };
    }
  | { type: 'DeleteTicket'; ticketId: number; userId: number };

declare module '../conversation/family.js' {
  interface ConversationCommands {
    tickets: TicketCommand;
  }
}

/** A ticket's lifecycle: one open or pending ticket per contact, one agent at a time. */
export const ticketRules = defineFamily<TicketCommand>({
  name: 'tickets',
  decide: {
    AcceptTicket(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen it instead');
      if (ticket.status === 'open') {
        if (ticket.userId === command.userId) return [];
        throw new DomainError('ERR_TICKET_ALREADY_ACCEPTED', 'Another agent accepted this ticket first', { userId: ticket.userId });
      }
      const events: ContactStreamDomainEvent[] = [{ type: 'TicketAccepted', data: { ticketId: ticket.id, userId: command.userId } }];
      if (command.greeting) {
        const { messageId, body } = command.greeting;
        events.push({ type: 'MessageQueued', data: { ticketId: ticket.id, messageId, whatsappId: ticket.whatsappId, body, userId: command.userId, quotedMessageId: null } });
      }
      return events;
    },
    ResolveTicket(command, state, rules) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') return [];
      requireOwner(ticket, command.userId, command.admin);
      const events: ContactStreamDomainEvent[] = [{ type: 'TicketResolved', data: { ticketId: ticket.id, userId: command.userId } }];
      // What another family says on resolving (the rating question) takes the farewell's place.
      const said = rules.resolve.flatMap((rule) => rule(command, ticket, state));
      if (said.length) events.push(...said);
      else if (command.farewell) events.push(systemMessage(ticket, command.farewell.messageId, command.farewell.body));
      return events;
    },
    ReopenTicket(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status !== 'closed') {
        if (ticket.userId === command.userId) return [];
        throw new DomainError('ERR_INVALID_TICKET_TRANSITION', 'Only a closed ticket can be reopened');
      }
      if (state.currentTicketId !== null) {
        throw new DomainError('ERR_OTHER_OPEN_TICKET', 'This contact already has an open or pending ticket', { ticketId: state.currentTicketId });
      }
      return [{ type: 'TicketReopened', data: { ticketId: ticket.id, userId: command.userId } }];
    },
    ReturnTicket(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'pending') return [];
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed');
      requireOwner(ticket, command.userId, command.admin);
      return [{ type: 'TicketReturnedToQueue', data: { ticketId: ticket.id, previousUserId: ticket.userId } }];
    },
    TransferTicket(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      if (ticket.status === 'closed') throw new DomainError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen it first');
      requireOwner(ticket, command.by, command.admin);
      const queueId = command.queueId === undefined ? ticket.queueId : command.queueId;
      const userId = command.userId === undefined ? ticket.userId : command.userId;
      const whatsappId = command.whatsappId ?? ticket.whatsappId;
      if (queueId === ticket.queueId && userId === ticket.userId && whatsappId === ticket.whatsappId) return [];
      const events: ContactStreamDomainEvent[] = [
        {
          type: 'TicketTransferred',
          data: {
            ticketId: ticket.id, queueId, userId, whatsappId, status: userId === null ? 'pending' : 'open',
            previousQueueId: ticket.queueId, previousUserId: ticket.userId, previousWhatsappId: ticket.whatsappId,
          },
        },
      ];
      if (!command.notice) return events;
      // Told through the connection the ticket goes on with.
      events.push({ type: 'MessageQueued', data: { ticketId: ticket.id, messageId: command.notice.messageId, whatsappId, body: command.notice.body, userId: 0, quotedMessageId: null } });
      return events;
    },
    StartTicket(command, state) {
      if (!state.contact) throw new DomainError('ERR_NOT_FOUND', 'This contact has no conversation yet', undefined, 404);
      if (state.tickets.has(command.ticketId)) return [];
      const current = state.currentTicketId === null ? undefined : state.tickets.get(state.currentTicketId);
      if (current) {
        // Who holds it and in which queue, for the console to say so.
        throw new DomainError('ERR_OTHER_OPEN_TICKET', 'This contact already has an open or pending ticket', { ticketId: current.id, userId: current.userId, queueId: current.queueId }, 409);
      }
      const { ticketId, uuid, userId, queueId, whatsappId } = command;
      return [
        { type: 'TicketOpened', data: { ticketId, uuid, contactId: state.contact.id, whatsappId, queueId, isGroup: state.contact.isGroup } },
        { type: 'TicketAccepted', data: { ticketId, userId } },
      ];
    },
    MarkTicketRead(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      return ticket.unread > 0 ? [{ type: 'TicketRead', data: { ticketId: ticket.id } }] : [];
    },
    DeleteTicket(command, state) {
      const ticket = ticketOf(state, command.ticketId);
      return [{ type: 'TicketDeleted', data: { ticketId: ticket.id, userId: command.userId } }];
    },
  },
  evolve: {
    TicketOpened(next, { data }, state) {
      next.tickets = state.tickets.set(data.ticketId, {
        id: data.ticketId,
        uuid: data.uuid,
        status: 'pending',
        userId: null,
        queueId: data.queueId,
        whatsappId: data.whatsappId,
        unread: 0,
      });
      next.currentTicketId = data.ticketId;
    },
    TicketAccepted(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { status: 'open', userId: data.userId });
    },
    TicketReopened(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { status: 'open', userId: data.userId });
      next.currentTicketId = data.ticketId;
    },
    TicketResolved(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { status: 'closed' });
      if (state.currentTicketId === data.ticketId) next.currentTicketId = null;
    },
    TicketReturnedToQueue(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { status: 'pending', userId: null });
    },
    TicketTransferred(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { queueId: data.queueId, userId: data.userId, whatsappId: data.whatsappId, status: data.status });
    },
    // The ticket joined a queue (the chatbot's menu chose it).
    TicketQueueChosen(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { queueId: data.queueId });
    },
    TicketRead(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { unread: 0 });
    },
    TicketDeleted(next, { data }, state) {
      next.tickets = state.tickets.delete(data.ticketId);
      if (state.currentTicketId === data.ticketId) next.currentTicketId = null;
    },
  },
});
