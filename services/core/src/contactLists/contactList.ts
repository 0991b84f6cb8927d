import type { ContactListEvent, ContactListFields, ContactListItemEvent, ContactListItemFields } from '@atendo/contracts';
import { streamId } from '../eventstore/streams.js';
import { recordDecider, type RecordDecider } from '../records/record.js';

/** A contact list, a simple record: created, renamed, deleted. */
export const contactListDecider: RecordDecider<ContactListFields, ContactListEvent> = recordDecider('ContactList', 'ERR_CONTACT_LIST_NOT_FOUND');

/**
 * An item of a contact list, a record of its own: created (by hand or by a spreadsheet row), changed (by hand, or by
 * WhatsApp's verdict on its number: `isWhatsappValid`), deleted. Whether its list is the company's is the API's check.
 */
export const contactListItemDecider: RecordDecider<ContactListItemFields, ContactListItemEvent> = recordDecider('ContactListItem', 'ERR_CONTACT_LIST_ITEM_NOT_FOUND');

export const contactListStream = (companyId: number, id: number) => streamId('contactList', companyId, id);
export const contactListItemStream = (companyId: number, id: number) => streamId('contactListItem', companyId, id);
