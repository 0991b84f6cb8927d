import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { SettingsFeedPayload } from './settings.js';

/** The realtime channels of settings, with the payload each carries. */
export const SETTINGS_CHANNELS = defineChannels({
  settings: feedChannel<SettingsFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof SETTINGS_CHANNELS> {}
}
