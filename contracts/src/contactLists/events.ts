import type { ContactListFields, ContactListItemFields } from './contactList.js';

/** A contact list, a record (stream `contactList-{companyId}.{id}`). */
export type ContactListEvent =
  | { type: 'ContactListCreated'; data: { id: number } & ContactListFields }
  | { type: 'ContactListUpdated'; data: { id: number; changes: Partial<ContactListFields> } }
  | { type: 'ContactListDeleted'; data: { id: number } };

/**
 * One item of a contact list, a record of its own (stream `contactListItem-{companyId}.{id}`), so an import of many
 * rows appends many small streams rather than one long one. WhatsApp's verdict on the number is a change of
 * `isWhatsappValid`.
 */
export type ContactListItemEvent =
  | { type: 'ContactListItemCreated'; data: { id: number } & ContactListItemFields }
  | { type: 'ContactListItemUpdated'; data: { id: number; changes: Partial<ContactListItemFields> } }
  | { type: 'ContactListItemDeleted'; data: { id: number } };
