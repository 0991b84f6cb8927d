import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { TagFeedPayload } from './tag.js';

/** The realtime channels of tags, with the payload each carries. */
export const TAGS_CHANNELS = defineChannels({
  tag: feedChannel<TagFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof TAGS_CHANNELS> {}
}
