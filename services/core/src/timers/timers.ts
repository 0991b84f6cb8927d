import { RATING_WAIT_MINUTES, type TimerKind } from '@atendo/contracts';
import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamDomainEvent, ContactStreamState, TicketState } from '../contacts/contactStream.js';
import { changeTicket } from '../tickets/ticketRules.js';

export type TimerCommand = {
  type: 'FireTimer';
  ticketId: number;
  kind: TimerKind;
  /** The deadline the jobs role found due: a timer armed again since then is not this one. */
  dueAt: string;
  /** What the connection says now: its inactivity message (auto-close), its transfer queue (auto-transfer). */
  inactivity?: { messageId: string; body: string };
  transferQueueId?: number | null;
};

/** The event that sets a ticket's deadline of `kind` `minutes` after `at`. */
export function armTimer(ticketId: number, kind: TimerKind, at: string, minutes: number): ContactStreamDomainEvent {
  return { type: 'TimerArmed', data: { ticketId, kind, dueAt: new Date(Date.parse(at) + minutes * 60_000).toISOString() } };
}

/** The rating question's deadline (rule 4). */
export const armRatingWait = (ticketId: number, askedAt: string) => armTimer(ticketId, 'ratingWait', askedAt, RATING_WAIT_MINUTES);

/** A ticket's timers without `kind`: what a fact that makes it moot leaves (a customer's message disarms auto-close). */
export function withoutTimer(ticket: TicketState, kind: TimerKind): Partial<TicketState> {
  if (!ticket.timers?.[kind]) return {};
  const { [kind]: _gone, ...rest } = ticket.timers;
  return { timers: rest };
}

/**
 * What a due timer does, if its rule still applies: the deadline the jobs role saw must be the one armed (not
 * re-armed, not disarmed by a customer's message, not fired already), and the ticket must still be where the rule
 * wants it. Otherwise nothing happens, and the jobs role drops its row.
 */
function fire(command: TimerCommand, state: ContactStreamState): ContactStreamDomainEvent[] {
  const ticket = state.tickets.get(command.ticketId);
  if (!ticket || ticket.timers?.[command.kind] !== command.dueAt) return [];
  const fired: ContactStreamDomainEvent = { type: 'TimerFired', data: { ticketId: ticket.id, kind: command.kind, dueAt: command.dueAt } };
  switch (command.kind) {
    case 'autoClose': {
      if (ticket.status !== 'open' || state.contact?.isGroup) return [];
      const events: ContactStreamDomainEvent[] = [fired];
      const body = command.inactivity?.body.trim();
      if (body) events.push({ type: 'MessageQueued', data: { ticketId: ticket.id, messageId: command.inactivity!.messageId, whatsappId: ticket.whatsappId, body, userId: 0, quotedMessageId: null } });
      events.push({ type: 'TicketResolved', data: { ticketId: ticket.id, userId: null } });
      return events;
    }
    case 'autoTransfer': {
      const queueId = command.transferQueueId ?? null;
      if (ticket.status !== 'pending' || ticket.queueId !== null || queueId === null) return [];
      return [
        fired,
        {
          type: 'TicketTransferred',
          data: {
            ticketId: ticket.id, queueId, userId: null, whatsappId: ticket.whatsappId, status: 'pending',
            previousQueueId: null, previousUserId: null, previousWhatsappId: ticket.whatsappId,
          },
        },
      ];
    }
    case 'ratingWait':
      if (state.rating?.ticketId !== ticket.id) return [];
      return [fired, { type: 'TicketRatingDropped', data: { ticketId: ticket.id, reason: 'expired' } }];
  }
}

/** Deadlines of a ticket, armed by the rules that set them and fired by the jobs role (contracts/src/timers). */
export const timerRules: RuleFamily<TimerCommand, ContactStreamDomainEvent, ContactStreamState> = {
  name: 'timers',
  decide: { FireTimer: fire },
  evolve: {
    TimerArmed(next, { data }, state) {
      const ticket = state.tickets.get(data.ticketId);
      if (ticket) changeTicket(next, state, ticket.id, { timers: { ...ticket.timers, [data.kind]: data.dueAt } });
    },
    TimerFired(next, { data }, state) {
      const ticket = state.tickets.get(data.ticketId);
      if (ticket) changeTicket(next, state, ticket.id, withoutTimer(ticket, data.kind));
    },
  },
};
