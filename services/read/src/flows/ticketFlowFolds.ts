import type { RowFolds } from '../tickets/folds.js';

/**
 * What the tickets read model keeps of flows: which prompt or queue integration talks on a ticket (the spec's
 * `useIntegration`, `promptId`, `integrationId`, and the list's bot mark), from the moment it takes the ticket until it
 * lets it go. Which run holds a ticket is otherwise the conversation's write-side state and the `flow_executions`
 * row's (flowsProjection.ts). (The messages a flow sends are `MessageQueued`, folded as any reply.)
 */
export const ticketFlowFolds: RowFolds = {
  FlowRequested({ tickets, touched }, e, d) {
    if (!d.bot || !tickets.get(d.ticketId)) return;
    const bot = d.bot;
    tickets.update(d.ticketId, () => ({ prompt_id: bot.kind === 'prompt' ? bot.id : null, integration_id: bot.kind === 'integration' ? bot.id : null, chatbot: true }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
  FlowReplyRouted: () => undefined,
  FlowDetached({ tickets, touched }, e, d) {
    const t = tickets.get(d.ticketId);
    if (!t || (t.prompt_id == null && t.integration_id == null)) return;
    tickets.update(d.ticketId, () => ({ prompt_id: null, integration_id: null, chatbot: false }));
    touched.push({ event: e, ticketId: d.ticketId });
  },
};
