import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { AppMessageFeedPayload } from '../api.js';

/** The realtime channels of messages, with the payload each carries. */
export const MESSAGES_CHANNELS = defineChannels({
  appMessage: feedChannel<AppMessageFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof MESSAGES_CHANNELS> {}
}
