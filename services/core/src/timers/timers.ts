import type { TimerKind } from '@atendo/contracts';
import { defineFamily, defineSlice } from '../conversation/family.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { armTimer, changeFacts, noFacts, systemMessage, ticketFactsCodec, type TicketFacts } from '../conversation/tickets.js';

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

/** A ticket's armed deadlines by kind: the due time each was set for. */
export interface TicketTimers {
  timers?: Partial<Record<TimerKind, string>>;
}

declare module '../conversation/state.js' {
  interface ConversationSlices {
    timers: TicketFacts<TicketTimers>;
  }
}
declare module '../conversation/family.js' {
  interface ConversationCommands {
    timers: TimerCommand;
  }
  interface InboundContext {
    /** The connection's `timeToTransfer` (minutes, with a transfer queue): a new ticket with no queue moves then. */
    autoTransferMinutes?: number;
  }
}

/** A ticket's timers without `kind`: what a fact that makes it moot leaves (a customer's message disarms auto-close). */
function withoutTimer(facts: TicketTimers | undefined, kind: TimerKind): TicketTimers {
  if (!facts?.timers?.[kind]) return {};
  const { [kind]: _gone, ...rest } = facts.timers;
  return { timers: rest };
}

/** The deadline of `kind` armed on a ticket, if any. */
export const armedTimer = (slice: TicketFacts<TicketTimers>, ticketId: number, kind: TimerKind) => slice.get(ticketId)?.timers?.[kind];

/**
 * Deadlines of a ticket, armed by the rules that set them and fired by the jobs role (contracts/src/timers). A due
 * timer does something only if its rule still applies: the deadline the jobs role saw must be the one armed (not
 * re-armed, not disarmed by a customer's message, not fired already), and its kind's rule (this family's, or the one
 * another family registers for its kind) must still find the ticket where it wants it. Otherwise nothing happens, and
 * the jobs role drops its row.
 */
export const timerRules = defineFamily<TimerCommand>({
  name: 'timers',
  decide: {
    FireTimer(command, state, rules) {
      const ticket = state.tickets.get(command.ticketId);
      if (!ticket || armedTimer(state.slices.timers, ticket.id, command.kind) !== command.dueAt) return [];
      const effect = rules.timers[command.kind];
      const events = effect ? effect(command, ticket, state) : [];
      if (events.length === 0) return [];
      return [{ type: 'TimerFired', data: { ticketId: ticket.id, kind: command.kind, dueAt: command.dueAt } }, ...events];
    },
  },
  timers: {
    autoClose(command, ticket, state) {
      if (ticket.status !== 'open' || state.contact?.isGroup) return [];
      const events: ContactStreamDomainEvent[] = [];
      const body = command.inactivity?.body.trim();
      if (body) events.push(systemMessage(ticket, command.inactivity!.messageId, body));
      events.push({ type: 'TicketResolved', data: { ticketId: ticket.id, userId: null } });
      return events;
    },
    autoTransfer(command, ticket) {
      const queueId = command.transferQueueId ?? null;
      if (ticket.status !== 'pending' || ticket.queueId !== null || queueId === null) return [];
      return [
        {
          type: 'TicketTransferred',
          data: {
            ticketId: ticket.id, queueId, userId: null, whatsappId: ticket.whatsappId, status: 'pending',
            previousQueueId: null, previousUserId: null, previousWhatsappId: ticket.whatsappId,
          },
        },
      ];
    },
  },
  inbound: {
    // A new ticket with no queue moves to the connection's transfer queue if nobody took it in time.
    opened({ message }, ticketId) {
      return message.queueId === null && message.autoTransferMinutes && !message.isGroup ? [armTimer(ticketId, 'autoTransfer', message.sentAt, message.autoTransferMinutes)] : [];
    },
  },
  slice: defineSlice({
    key: 'timers',
    initial: noFacts,
    tickets: ticketFactsCodec<TicketTimers>(['timers']),
    evolve: {
      TimerArmed(slice, { data }, conversation) {
        return changeFacts(slice, conversation, data.ticketId, { timers: { ...slice.get(data.ticketId)?.timers, [data.kind]: data.dueAt } });
      },
      TimerFired(slice, { data }, conversation) {
        return changeFacts(slice, conversation, data.ticketId, withoutTimer(slice.get(data.ticketId), data.kind));
      },
      // The customer answered: the agent no longer spoke last.
      MessageReceived(slice, { data }, conversation) {
        return changeFacts(slice, conversation, data.ticketId, withoutTimer(slice.get(data.ticketId), 'autoClose'));
      },
    },
  }),
});
