import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { QuickMessageFeedPayload } from './quickMessage.js';

/** The realtime channels of quickMessages, with the payload each carries. */
export const QUICK_MESSAGES_CHANNELS = defineChannels({
  quickmessage: feedChannel<QuickMessageFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof QUICK_MESSAGES_CHANNELS> {}
}
