import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { WhatsappFeedPayload, WhatsappSessionFeedPayload } from '../api.js';

/** The realtime channels of connections, with the payload each carries. */
export const CONNECTIONS_CHANNELS = defineChannels({
  whatsapp: feedChannel<WhatsappFeedPayload>(),
  whatsappSession: feedChannel<WhatsappSessionFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof CONNECTIONS_CHANNELS> {}
}
