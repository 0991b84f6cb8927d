import type { RowFolds } from '../tickets/folds.js';

/**
 * The tickets read model keeps no tags: the tags projection (tagsProjection.ts) folds a ticket's tags into
 * `ticket_tags` and tells the console on the tag channel. These folds say so to the tickets projection, which
 * reads every event type of the customer's stream.
 */
export const ticketTagFolds: RowFolds = {
  TicketTagged: () => undefined,
  TicketUntagged: () => undefined,
};
