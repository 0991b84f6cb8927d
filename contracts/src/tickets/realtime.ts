import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { TicketFeedPayload } from '../api.js';

/** The realtime channels of tickets, with the payload each carries. */
export const TICKETS_CHANNELS = defineChannels({
  ticket: feedChannel<TicketFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof TICKETS_CHANNELS> {}
}
