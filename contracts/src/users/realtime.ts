import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { AuthFeedPayload, UserFeedPayload } from './events.js';

/** The realtime channels of users, with the payload each carries. */
export const USERS_CHANNELS = defineChannels({
  user: feedChannel<UserFeedPayload>(),
  auth: feedChannel<AuthFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof USERS_CHANNELS> {}
}
