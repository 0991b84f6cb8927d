import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { FileListFeedPayload } from './fileList.js';

/** The realtime channels of files, with the payload each carries. */
export const FILES_CHANNELS = defineChannels({
  file: feedChannel<FileListFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof FILES_CHANNELS> {}
}
