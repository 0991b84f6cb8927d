import { foldPhrase, type BotRef, type FlowTriggers, type IncomingMessage, type MediaType, type TicketFlowDetachReason } from '@atendo/contracts';
import { defineFamily, defineSlice } from '../conversation/family.js';
import type { ContactStreamDomainEvent, ContactStreamState, TicketState } from '../conversation/state.js';
import { changeFacts, noFacts, ticketFactsCodec, type TicketFacts } from '../conversation/tickets.js';
import { nameBasedUuid } from '../messages/inboundIds.js';

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

/** What the flows keep of each ticket. */
export interface TicketFlow {
  /** The flow execution that holds this ticket: the customer's messages go to it, not the menu. */
  flow?: string;
  /** The flow that holds it is a prompt's or an integration's (decision 0033). */
  flowIsBot?: boolean;
  /** The queue (null: none) in which a prompt or an integration let the ticket go: no bot starts again there. */
  botSpentIn?: number | null;
}

declare module '../conversation/state.js' {
  interface ConversationSlices {
    flows: TicketFacts<TicketFlow>;
  }
}
declare module '../conversation/family.js' {
  interface ConversationCommands {
    flows: TicketFlowCommand;
  }
  interface InboundContext {
    /** The connection's flow campaigns (a message that is one's phrase starts its flow) and its queues' bots. */
    flows?: FlowTriggers;
  }
}

/** The flow execution that holds a ticket, if any. */
export const flowHolding = (state: ContactStreamState, ticketId: number): string | undefined => state.slices.flows.get(ticketId)?.flow;

/** The run a phrase starts for a message: the same message (redelivered, decided again) names the same run. */
export const flowExecutionId = (companyId: number, whatsappId: number, messageId: string) => nameBasedUuid(`atendo:flow:${companyId}:${whatsappId}:${messageId}`);

/**
 * A customer's message on `ticket`: a flow that holds the ticket takes it; otherwise a campaign whose phrase is the
 * whole message (case, accents and spacing aside) starts its flow. Only on a pending ticket no person took. Answers
 * null when no flow is concerned (the queue menu may answer), else the events (and the menu stays quiet).
 */
export function flowTurn(input: {
  ticket: TicketState;
  facts: TicketFlow;
  triggers: FlowTriggers | undefined;
  companyId: number;
  message: IncomingMessage & { whatsappId: number };
}): ContactStreamDomainEvent[] | null {
  const { ticket, facts, message } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null) return null;
  const { whatsappId, ...incoming } = message;
  if (facts.flow) return [{ type: 'FlowReplyRouted', data: { ticketId: ticket.id, executionId: facts.flow, message: incoming } }];
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
  const bot = botOf(facts, input.triggers, ticket.queueId);
  if (!bot) return null;
  return [botRequested(ticket, bot, flowExecutionId(input.companyId, whatsappId, message.id), message.id, incoming)];
}

/**
 * The prompt or integration that takes a ticket in `queueId` (null: the connection's own): none once an automation let
 * the ticket go in that same queue — a bot that handed over to its own queue, or to another bot's, does not start again
 * (a person moving the ticket to another queue wakes that queue's).
 */
function botOf(facts: TicketFlow, triggers: FlowTriggers | undefined, queueId: number | null): BotRef | null {
  const bots = triggers?.bots;
  if (!bots || (facts.botSpentIn !== undefined && facts.botSpentIn === queueId)) return null;
  return queueId === null ? bots.connection : (bots.queues[queueId] ?? null);
}

function botRequested(ticket: TicketState, bot: BotRef, executionId: string, messageId: string, reply?: IncomingMessage): ContactStreamDomainEvent {
  return { type: 'FlowRequested', data: { ticketId: ticket.id, executionId, flowId: bot.flowId ?? bot.id, campaignId: 0, messageId, bot, ...(reply ? { reply } : {}) } };
}

/**
 * The menu just put the ticket in a queue: that queue's prompt or integration takes it from the next message on (the
 * choice itself is not a question for it). Answers the event, or null.
 */
export function botOnQueueChosen(input: { ticket: TicketState; facts: TicketFlow; queueId: number; triggers: FlowTriggers | undefined; companyId: number; whatsappId: number; messageId: string }): ContactStreamDomainEvent | null {
  const { ticket, facts } = input;
  if (ticket.status !== 'pending' || ticket.userId !== null || facts.flow) return null;
  const bot = botOf(facts, input.triggers, input.queueId);
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
  return ticket && flowHolding(state, ticketId) === executionId && ticket.status === 'pending' && ticket.userId === null ? ticket : undefined;
};

/**
 * Changes what the flows keep of a ticket. A flow holds only a pending ticket nobody took: a person accepting it, or
 * its closing, lets the flow go, whatever the event (`SendFlowMessages` refuses what the flow still asks for after that).
 */
function changeFlow(slice: TicketFacts<TicketFlow>, conversation: ContactStreamState, ticketId: number, change: TicketFlow): TicketFacts<TicketFlow> {
  const next = changeFacts(slice, conversation, ticketId, change);
  const ticket = conversation.tickets.get(ticketId);
  const facts = next.get(ticketId);
  if (!ticket || !facts?.flow || (ticket.status === 'pending' && ticket.userId === null)) return next;
  const { flow: _gone, ...rest } = facts;
  return next.set(ticketId, rest);
}
/** The ticket changed hands or closed: a flow that held it lets it go. */
const release = (slice: TicketFacts<TicketFlow>, { data }: { data: { ticketId: number } }, conversation: ContactStreamState) =>
  slice.get(data.ticketId)?.flow ? changeFlow(slice, conversation, data.ticketId, {}) : slice;

/** Flows on the customer's stream (issue 13): which execution holds a ticket, and what it may still do there. */
export const ticketFlowRules = defineFamily<TicketFlowCommand>({
  name: 'flows',
  decide: {
    SendFlowMessages(command, state) {
      const ticket = holds(state, command.ticketId, command.executionId);
      if (!ticket) {
        // Let go already (a person took it …): nothing to send; a detach still clears a hold that is left.
        return command.then?.type === 'detach' ? detach({ type: 'DetachFlow', ticketId: command.ticketId, executionId: command.executionId, reason: command.then.reason }, state) : [];
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
    DetachFlow: detach,
  },
  inbound: {
    answer: [
      {
        // A flow that holds the ticket, or one whose phrase this message is, takes it: the menu does not talk over it.
        rank: 10,
        decide({ message, state, ticket }) {
          const incoming = { id: message.messageId, whatsappId: message.whatsappId, body: message.body, mediaType: message.mediaType, ...(message.mediaUrl ? { mediaUrl: message.mediaUrl } : {}) };
          const events = flowTurn({ ticket, facts: state.slices.flows.get(ticket.id) ?? {}, triggers: message.flows, companyId: message.companyId, message: incoming });
          return events ? { events, takes: true } : null;
        },
      },
      {
        // The menu (rank 20) just put the ticket in a queue with a prompt or an integration: it takes the ticket from here.
        rank: 30,
        decide({ message, state, ticket }, said) {
          const chosen = said.find((e): e is Extract<ContactStreamDomainEvent, { type: 'TicketQueueChosen' }> => e.type === 'TicketQueueChosen');
          const facts = state.slices.flows.get(ticket.id) ?? {};
          const bot = chosen && botOnQueueChosen({ ticket, facts, queueId: chosen.data.queueId, triggers: message.flows, companyId: message.companyId, whatsappId: message.whatsappId, messageId: message.messageId });
          return bot ? { events: [bot], takes: false } : null;
        },
      },
    ],
  },
  slice: defineSlice({
    key: 'flows',
    initial: noFacts,
    tickets: ticketFactsCodec<TicketFlow>(['flow', 'flowIsBot', 'botSpentIn']),
    evolve: {
      FlowRequested(slice, { data }, conversation) {
        return changeFlow(slice, conversation, data.ticketId, { flow: data.executionId, flowIsBot: data.bot ? true : undefined });
      },
      FlowReplyRouted: (slice) => slice,
      FlowDetached(slice, { data }, conversation) {
        const ticket = conversation.tickets.get(data.ticketId);
        const facts = slice.get(data.ticketId);
        // A hand-over is the holding run's own, decided with its transfer (which already let the run go).
        const itsOwn = facts?.flow === data.executionId || (data.reason === 'handedOver' && facts?.flow === undefined);
        if (!ticket || !itsOwn) return slice;
        // A bot that let the ticket go (its queue's people take it from here) does not wake again in that queue.
        return changeFlow(slice, conversation, data.ticketId, { flow: undefined, flowIsBot: undefined, ...(facts?.flowIsBot ? { botSpentIn: ticket.queueId } : {}) });
      },
      // A person (or a flow handing over) decided where it goes: no flow has more to say on it.
      TicketTransferred(slice, { data }, conversation) {
        return changeFlow(slice, conversation, data.ticketId, { flow: undefined });
      },
      TicketAccepted: release,
      TicketReopened: release,
      TicketResolved: release,
      TicketReturnedToQueue: release,
    },
  }),
});

function detach(command: Extract<TicketFlowCommand, { type: 'DetachFlow' }>, state: ContactStreamState): ContactStreamDomainEvent[] {
  if (flowHolding(state, command.ticketId) !== command.executionId) return [];
  return [{ type: 'FlowDetached', data: { ticketId: command.ticketId, executionId: command.executionId, reason: command.reason } }];
}
