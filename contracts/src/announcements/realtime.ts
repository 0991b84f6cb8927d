import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { AnnouncementFeedPayload } from './announcement.js';

/** The realtime channels of announcements, with the payload each carries. */
export const ANNOUNCEMENTS_CHANNELS = defineChannels({
  announcement: feedChannel<AnnouncementFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof ANNOUNCEMENTS_CHANNELS> {}
}
