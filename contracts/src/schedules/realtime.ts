import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { ScheduleFeedPayload } from './schedule.js';

/** The realtime channels of schedules, with the payload each carries. */
export const SCHEDULES_CHANNELS = defineChannels({
  schedule: feedChannel<ScheduleFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof SCHEDULES_CHANNELS> {}
}
