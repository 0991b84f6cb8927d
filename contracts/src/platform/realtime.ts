import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';

/** An entry of a channel no feature serves yet. */
export type UnservedFeedPayload = Record<string, unknown> & { action: string };

/** Channels of the spec that no feature emits on yet (the console receives and drops them). */
export const PLATFORM_CHANNELS = defineChannels({
  chat: feedChannel<UnservedFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof PLATFORM_CHANNELS> {}
}
