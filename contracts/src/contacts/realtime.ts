import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { ContactFeedPayload } from './contact.js';

/** The realtime channels of contacts, with the payload each carries. */
export const CONTACTS_CHANNELS = defineChannels({
  contact: feedChannel<ContactFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof CONTACTS_CHANNELS> {}
}
