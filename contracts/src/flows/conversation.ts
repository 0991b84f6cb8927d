import type { BotRef, BotTriggers } from '../integrations/health.js';
import type { IncomingMessage } from './events.js';

/**
 * What a customer's conversation (the contact stream) records of flows: a phrase started one on a ticket, the
 * customer's messages went to it instead of the queue menu, and the ticket let it go. The flow's own steps are in its
 * execution stream (events.ts); these are the conversation's half, so a replay of the conversation alone shows who
 * was talking to the customer.
 */
export type TicketFlowEvent =
  /** The customer's message matched a flow campaign's phrase: the flow takes the ticket (`executionId` is its run). */
  /**
   * A flow takes the ticket (`executionId` is its run): the customer's message matched a flow campaign's phrase
   * (`campaignId`), or the ticket is in a queue (or on a connection) with a prompt or an integration (`bot`, decision
   * 0033; `campaignId` 0), whose run starts with `reply`, the message that woke it, when it was the customer's question.
   */
  | { type: 'FlowRequested'; data: { ticketId: number; executionId: string; flowId: number; campaignId: number; messageId: string; bot?: BotRef; reply?: IncomingMessage } }
  /** A customer's message on a ticket a flow holds went to the flow (and not to the queue menu). */
  | { type: 'FlowReplyRouted'; data: { ticketId: number; executionId: string; message: IncomingMessage } }
  /**
   * The ticket is no longer the flow's: it ended, failed or handed over, or a person took the ticket (`person`; the
   * flow is stopped after this, and anything it still asks to send is refused).
   */
  | { type: 'FlowDetached'; data: { ticketId: number; executionId: string; reason: TicketFlowDetachReason } };

export type TicketFlowDetachReason = 'finished' | 'failed' | 'handedOver' | 'person';

export const TICKET_FLOW_EVENT_TYPES = ['FlowRequested', 'FlowReplyRouted', 'FlowDetached'] as const;

/**
 * What a connection's inbound messages are checked against: its active flow campaigns whose flow is published and
 * active (read by the gateway, kept for a second). `phrase` is folded (foldPhrase).
 */
export interface FlowTriggers {
  campaigns: Array<{ id: number; flowId: number; phrase: string }>;
  /** The connection's and its queues' prompts and integrations (decision 0033); absent: none. */
  bots?: BotTriggers;
}
