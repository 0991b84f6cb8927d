import { contactListItemNumber, type ContactListEvent, type ContactListFields, type ContactListItemEvent, type ContactListItemFields } from '@atendo/contracts';
import { handleCommand, type CommandContext } from '../commands/handler.js';
import { type Migration, AppError, type EventStore, streamId, idSequences } from '@atendo/platform';
import { recordDecider, type RecordCommand, type RecordDecider, type RecordState } from '../records/record.js';
import { claimUnique, releaseUnique } from '../records/unique.js';

/** A contact list, a simple record: created, renamed, deleted. */
export const contactListDecider: RecordDecider<ContactListFields, ContactListEvent> = recordDecider('ContactList', 'ERR_CONTACT_LIST_NOT_FOUND');

/**
 * An item of a contact list, a record of its own: created (by hand or by a spreadsheet row), changed (by hand, or by
 * WhatsApp's verdict on its number: `isWhatsappValid`), deleted. Whether its list is the company's is the API's check.
 */
export const contactListItemDecider: RecordDecider<ContactListItemFields, ContactListItemEvent> = recordDecider('ContactListItem', 'ERR_CONTACT_LIST_ITEM_NOT_FOUND');

export const contactListStream = (companyId: number, id: number) => streamId('contactList', companyId, id);
export const contactListItemStream = (companyId: number, id: number) => streamId('contactListItem', companyId, id);

export const contactListIdMigrations: Migration[] = [idSequences('202611281110_contact_list_ids', 'contactList', 'contactListItem')];

/** What an item's number claim needs of it. */
export type ContactListItemKey = Pick<ContactListItemFields, 'contactListId' | 'number'>;

/**
 * An item's number (its digits) is its own within its list: two items of one person would get a campaign twice. It
 * is claimed in a stream of its own (decision 0012), per list, so the same person may be on several lists.
 */
const numberClaim = (companyId: number, id: number, { contactListId, number }: ContactListItemKey) =>
  ({ companyId, kind: 'contactListItemNumber', value: `${contactListId}.${contactListItemNumber(number)}`, owner: contactListItemStream(companyId, id) }) as const;

const claimNumber = (store: EventStore, companyId: number, id: number, item: ContactListItemKey, context: CommandContext) =>
  claimUnique(store, { ...numberClaim(companyId, id, item), code: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' }, context);

/** Creates an item once its number is claimed in its list. */
export async function createContactListItem(store: EventStore, id: number, fields: ContactListItemFields, context: CommandContext) {
  await claimNumber(store, fields.companyId, id, fields, context);
  return handleCommand(store, contactListItemDecider, contactListItemStream(fields.companyId, id), { type: 'create', id, fields }, context);
}

/** Changes an item; a new number is claimed before and the old one released after. */
export async function changeContactListItem(
  store: EventStore,
  companyId: number,
  id: number,
  changes: Partial<ContactListItemFields>,
  previous: ContactListItemKey,
  context: CommandContext,
) {
  const renumbered = changes.number !== undefined && contactListItemNumber(changes.number) !== contactListItemNumber(previous.number);
  if (renumbered) await claimNumber(store, companyId, id, { contactListId: previous.contactListId, number: changes.number! }, context);
  const result = await handleCommand(store, contactListItemDecider, contactListItemStream(companyId, id), { type: 'update', changes }, context);
  if (renumbered) await releaseUnique(store, numberClaim(companyId, id, previous), context);
  return result;
}

/** Deletes an item and frees its number in its list. */
export async function deleteContactListItem(store: EventStore, companyId: number, id: number, item: ContactListItemKey, context: CommandContext) {
  const result = await handleCommand(store, contactListItemDecider, contactListItemStream(companyId, id), { type: 'delete' }, context);
  await releaseUnique(store, numberClaim(companyId, id, item), context);
  return result;
}

/** Items deleted at once while a list is deleted: enough to overlap the appends, few enough to leave room for others. */
const CASCADE_CONCURRENCY = 16;

/**
 * Deletes a list with its items: the items first (each its own event, its number freed), the list last, so a delete
 * that stops halfway leaves the list in place and asking again finishes it. An item already gone is skipped.
 */
export async function deleteContactList(store: EventStore, companyId: number, id: number, items: Array<{ id: number } & ContactListItemKey>, context: CommandContext) {
  const deleteItem = async (item: { id: number } & ContactListItemKey) => {
    try {
      await deleteContactListItem(store, companyId, item.id, item, context);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'ERR_CONTACT_LIST_ITEM_NOT_FOUND')) throw error;
    }
  };
  for (let i = 0; i < items.length; i += CASCADE_CONCURRENCY) await Promise.all(items.slice(i, i + CASCADE_CONCURRENCY).map(deleteItem));
  return handleCommand(store, contactListDecider, contactListStream(companyId, id), { type: 'delete' }, context);
}

/**
 * WhatsApp's verdict on the number an item had when it was checked (`isWhatsappValid`), as a command on the item's
 * current state: only while the item still has that number, so a number changed meanwhile keeps its unknown verdict
 * (and is asked about next); a deleted item is ERR_CONTACT_LIST_ITEM_NOT_FOUND.
 */
export const whatsappVerdict =
  (checked: { number: string; valid: boolean }) =>
  (state: RecordState<ContactListItemFields>): RecordCommand<ContactListItemFields> => ({
    type: 'update',
    changes: state.status === 'live' && state.fields.number === checked.number ? { isWhatsappValid: checked.valid } : {},
  });

/**
 * Records WhatsApp's verdict on an item's number (decision 0029); the append's expected revision keeps a change that
 * lands between the read and the write from being overwritten.
 */
export function recordWhatsappVerdict(store: EventStore, companyId: number, id: number, checked: { number: string; valid: boolean }, context: CommandContext) {
  return handleCommand(store, contactListItemDecider, contactListItemStream(companyId, id), whatsappVerdict(checked), context);
}
