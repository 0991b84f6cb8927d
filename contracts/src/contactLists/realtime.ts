import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { ContactListFeedPayload, ContactListItemFeedPayload } from './contactList.js';

/** The realtime channels of contactLists, with the payload each carries. */
export const CONTACT_LISTS_CHANNELS = defineChannels({
  ContactList: feedChannel<ContactListFeedPayload>(),
  ContactListItem: feedChannel<ContactListItemFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof CONTACT_LISTS_CHANNELS> {}
}
