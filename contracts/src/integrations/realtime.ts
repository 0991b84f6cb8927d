import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { PromptFeedPayload, QueueIntegrationFeedPayload } from './feed.js';

/** The realtime channels of integrations, with the payload each carries. */
export const INTEGRATIONS_CHANNELS = defineChannels({
  prompt: feedChannel<PromptFeedPayload>(),
  queueIntegration: feedChannel<QueueIntegrationFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof INTEGRATIONS_CHANNELS> {}
}
