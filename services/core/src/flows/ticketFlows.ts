import { foldPhrase, type FlowTriggers, type IncomingMessage, type MediaType, type TicketFlowDetachReason } from '@atendo/contracts';
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
  if (!folded) return null;
  const campaign = input.triggers?.campaigns.find((c) => c.phrase === folded);
  if (!campaign) return null;
  return [
    {
      type: 'FlowRequested',
      data: { ticketId: ticket.id, executionId: flowExecutionId(input.companyId, whatsappId, message.id), flowId: campaign.flowId, campaignId: campaign.id, messageId: message.id },
    },
  ];
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
      changeTicket(next, state, data.ticketId, { flow: data.executionId, bot: undefined });
    },
    FlowReplyRouted() {},
    FlowDetached(next, { data }, state) {
      const ticket = next.tickets.get(data.ticketId);
      if (ticket?.flow === data.executionId) changeTicket(next, next, data.ticketId, { flow: undefined });
    },
  },
};
