import type { RowFolds } from '../tickets/folds.js';

/**
 * The tickets read model keeps nothing of flows: which run holds a ticket is the conversation's write-side state and
 * the `flow_executions` row's (flowsProjection.ts). These folds say so to the tickets projection, which reads every
 * event type of the customer's stream. (The messages a flow sends are `MessageQueued`, folded as any reply.)
 */
export const ticketFlowFolds: RowFolds = {
  FlowRequested: () => undefined,
  FlowReplyRouted: () => undefined,
  FlowDetached: () => undefined,
};
