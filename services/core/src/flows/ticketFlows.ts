import { foldPhrase, type BotRef, type FlowTriggers, type IncomingMessage, type MediaType, type TicketFlowDetachReason } from '@atendo/contracts';
import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamDomainEvent, ContactStreamState, TicketState } from '../contacts/contactStream.js';
import { nameBasedUuid } from '../messages/inboundIds.js';
import { changeTicket } from '../tickets/ticketRules.js';

/** A message a flow sends on a ticket (its id decided by the runner, so a repeated command sends nothing twice). */
export interface FlowOutgoing {
  messageId: string;
  body: string;
  mediaType?: MediaType;
  mediaUrl?: string;
  voice?: boolean;
}

/**
 * What a flow execution asks of the conversation. Each names the execution: one the ticket no longer holds (a person
 * took the ticket, it closed, another flow took over) is refused by deciding nothing, and the runner stops it.
 */
/** How a run's turn ends on the conversation, after its messages: a hand-over, or the ticket let go. */
export type FlowTurnEnd = { type: 'handOver'; queueId: number | null; userId: number | null } | { type: 'detach'; reason: Exclude<TicketFlowDetachReason, 'handedOver'> };

export type TicketFlowCommand =
  | { type: 'SendFlowMessages'; ticketId: number; executionId: string; messages: FlowOutgoing[]; then?: FlowTurnEnd }
  | { type: 'DetachFlow'; ticketId: number; executionId: string; reason: Exclude<TicketFlowDetachReason, 'handedOver'> };

/** The run a phrase starts for a message: the same message (redelivered, decided again) names the same run. */
export const flowExecutionId = (companyId: number, whatsappId: number, messageId: string) => nameBasedUuid(`atendo:flow:${companyId}:${whatsappId}:${messageId}`);

/**
 * A customer's message on `ticket`: a flow that holds the ticket takes it; otherwise a campaign whose phrase is the
 * whole message (case, accents and spacing aside) starts its flow. Only on a pending ticket no person took. Answers
 * null when no flow is concerned (the queue menu may answer), else the events (and the menu stays quiet).
 */
export function flowTurn(input: {
  ticket: TicketState;
  triggers: FlowTriggers | undefined;
  companyId: number;
  message: IncomingMessage & { whatsappId: number };
}): ContactStreamDomainEvent[] | null {
  const { ticket, message } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null) return null;
  const { whatsappId, ...incoming } = message;
  if (ticket.flow) return [{ type: 'FlowReplyRouted', data: { ticketId: ticket.id, executionId: ticket.flow, message: incoming } }];
  const folded = foldPhrase(message.body);
  const campaign = folded ? input.triggers?.campaigns.find((c) => c.phrase === folded) : undefined;
  if (campaign) {
    return [
      {
        type: 'FlowRequested',
        data: { ticketId: ticket.id, executionId: flowExecutionId(input.companyId, whatsappId, message.id), flowId: campaign.flowId, campaignId: campaign.id, messageId: message.id },
      },
    ];
  }
  // The ticket's queue's prompt or integration (its connection's while it has no queue) answers the message itself.
  const bot = botOf(ticket, input.triggers, ticket.queueId);
  if (!bot) return null;
  return [botRequested(ticket, bot, flowExecutionId(input.companyId, whatsappId, message.id), message.id, incoming)];
}

/**
 * The prompt or integration that takes a ticket in `queueId` (null: the connection's own): none once an automation let
 * the ticket go in that same queue — a bot that handed over to its own queue, or to another bot's, does not start again
 * (a person moving the ticket to another queue wakes that queue's).
 */
function botOf(ticket: TicketState, triggers: FlowTriggers | undefined, queueId: number | null): BotRef | null {
  const bots = triggers?.bots;
  if (!bots || (ticket.botSpentIn !== undefined && ticket.botSpentIn === queueId)) return null;
  return queueId === null ? bots.connection : (bots.queues[queueId] ?? null);
}

function botRequested(ticket: TicketState, bot: BotRef, executionId: string, messageId: string, reply?: IncomingMessage): ContactStreamDomainEvent {
  return { type: 'FlowRequested', data: { ticketId: ticket.id, executionId, flowId: bot.flowId ?? bot.id, campaignId: 0, messageId, bot, ...(reply ? { reply } : {}) } };
}

/**
 * The menu just put the ticket in a queue: that queue's prompt or integration takes it from the next message on (the
 * choice itself is not a question for it). Answers the event, or null.
 */
export function botOnQueueChosen(input: { ticket: TicketState; queueId: number; triggers: FlowTriggers | undefined; companyId: number; whatsappId: number; messageId: string }): ContactStreamDomainEvent | null {
  const { ticket } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.flow) return null;
  const bot = botOf({ ...ticket, queueId: input.queueId }, input.triggers, input.queueId);
  return bot ? botRequested(ticket, bot, flowExecutionId(input.companyId, input.whatsappId, `${input.messageId}:queue`), input.messageId) : null;
}

/** The ticket goes to a queue (pending there) or a person (open, theirs), and the run lets it go. */
function handOverEvents(ticket: TicketState, executionId: string, queueId: number | null, userId: number | null): ContactStreamDomainEvent[] {
  return [
    {
      type: 'TicketTransferred',
      data: {
        ticketId: ticket.id, queueId: queueId ?? ticket.queueId, userId, whatsappId: ticket.whatsappId, status: userId !== null ? 'open' : 'pending',
        previousQueueId: ticket.queueId, previousUserId: ticket.userId, previousWhatsappId: ticket.whatsappId,
      },
    },
    { type: 'FlowDetached', data: { ticketId: ticket.id, executionId, reason: 'handedOver' } },
  ];
}

const holds = (state: ContactStreamState, ticketId: number, executionId: string) => {
  const ticket = state.tickets.get(ticketId);
  return ticket && ticket.flow === executionId && ticket.status === 'pending' && ticket.userId === null ? ticket : undefined;
};

/** Flows on the customer's stream (issue 13): which execution holds a ticket, and what it may still do there. */
export const ticketFlowRules: RuleFamily<TicketFlowCommand, ContactStreamDomainEvent, ContactStreamState> = {
  name: 'flows',
  decide: {
    SendFlowMessages(command, state) {
      const ticket = holds(state, command.ticketId, command.executionId);
      if (!ticket) {
        // Let go already (a person took it …): nothing to send; a detach still clears a hold that is left.
        return command.then?.type === 'detach' ? ticketFlowRules.decide.DetachFlow!({ type: 'DetachFlow', ticketId: command.ticketId, executionId: command.executionId, reason: command.then.reason }, state) : [];
      }
      const sends: ContactStreamDomainEvent[] = command.messages
        .filter((m) => !state.outbound.has(m.messageId))
        .map((m) => ({
          type: 'MessageQueued' as const,
          data: {
            ticketId: ticket.id, messageId: m.messageId, whatsappId: ticket.whatsappId, body: m.body, userId: 0, quotedMessageId: null,
            ...(m.mediaType && m.mediaUrl ? { mediaType: m.mediaType, mediaUrl: m.mediaUrl, ...(m.voice ? { voice: true } : {}) } : {}),
          },
        }));
      const then = command.then;
      if (!then) return sends;
      if (then.type === 'detach') return [...sends, { type: 'FlowDetached', data: { ticketId: ticket.id, executionId: command.executionId, reason: then.reason } }];
      return [...sends, ...handOverEvents(ticket, command.executionId, then.queueId, then.userId)];
    },
    DetachFlow(command, state) {
      if (state.tickets.get(command.ticketId)?.flow !== command.executionId) return [];
      return [{ type: 'FlowDetached', data: { ticketId: command.ticketId, executionId: command.executionId, reason: command.reason } }];
    },
  },
  evolve: {
    FlowRequested(next, { data }, state) {
      changeTicket(next, state, data.ticketId, { flow: data.executionId, flowIsBot: data.bot ? true : undefined, bot: undefined });
    },
    FlowReplyRouted() {},
    FlowDetached(next, { data }, state) {
      const ticket = next.tickets.get(data.ticketId);
      // A hand-over is the holding run's own, decided with its transfer (which already let the run go).
      const itsOwn = ticket?.flow === data.executionId || (data.reason === 'handedOver' && ticket?.flow === undefined);
      if (!ticket || !itsOwn) return;
      // A bot that let the ticket go (its queue's people take it from here) does not wake again in that queue.
      changeTicket(next, next, data.ticketId, { flow: undefined, flowIsBot: undefined, ...(ticket.flowIsBot ? { botSpentIn: ticket.queueId } : {}) });
    },
  },
};
