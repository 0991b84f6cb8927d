import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';

/** A queue to read again (its fields or its menu changed), or the one deleted (services/read/src/queues). */
export type QueueFeedPayload = { action: 'create' | 'update'; id: number } | { action: 'delete'; queueId: number };

/** The realtime channels of queues, with the payload each carries. */
export const QUEUES_CHANNELS = defineChannels({
  queue: feedChannel<QueueFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof QUEUES_CHANNELS> {}
}
