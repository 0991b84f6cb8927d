import type { ContactListFeedPayload, ContactListItemFeedPayload, RecordedEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes, type RecordTable } from '../projections/records.js';
import { ContactListQueries } from './queries.js';

const LISTS: RecordTable = { kind: 'ContactList', table: 'contact_lists', columns: new Set(['company_id', 'name']) };
const ITEMS: RecordTable = {
  kind: 'ContactListItem',
  table: 'contact_list_items',
  columns: new Set(['company_id', 'contact_list_id', 'name', 'number', 'email', 'is_whatsapp_valid']),
};

/** New items of one list announced one by one in a batch; past this many, the list is announced as one `reload`. */
const ANNOUNCED_CREATES = 20;

/**
 * Contact lists and their items, for the lists page (each list with its count of items), a list's page and the
 * campaigns that send to them. The company's admins hear each change on `ContactList` and `ContactListItem`; a list
 * whose items came or went in a batch is announced once more with its new count, once per batch (an import or a
 * deletion of thousands of items is then one entry of the list, not thousands), and an import's many new items are
 * one `reload` of the list's items.
 */
export const contactListsProjection: Projection = {
  name: 'contact_lists',
  tables: ['contact_lists', 'contact_list_items'],
  eventTypes: [...recordEventTypes('ContactList'), ...recordEventTypes('ContactListItem')],
  placementOnly: true,
  async apply(events, { trx, emit, rebuilding }) {
    const queries = new ContactListQueries(trx);
    /** Lists whose count changed in this batch, by id. */
    const recounted = new Map<number, { companyId: number; id: number }>();
    /** Items created in this batch, by list. */
    const createdIn = new Map<number, number>();
    const admins = { kind: 'admins' } as const;
    const announce = (companyId: number, channel: 'ContactList' | 'ContactListItem', payload: ContactListFeedPayload | ContactListItemFeedPayload) =>
      emit({ companyId, channel, payload, audience: admins });

    for (const event of events as RecordedEvent[]) {
      const { companyId } = event.metadata;
      const { id } = event.data as { id: number };
      const listChange = await applyRecordEvent(LISTS, event, trx);
      if (listChange) {
        if (rebuilding) continue;
        if (listChange === 'delete') {
          recounted.delete(id);
          announce(companyId, 'ContactList', { action: 'delete', id });
          continue;
        }
        const record = await queries.find(companyId, id);
        if (record) announce(companyId, 'ContactList', { action: listChange, record });
        continue;
      }
      const before = rebuilding ? undefined : await queries.findItem(companyId, id);
      const itemChange = await applyRecordEvent(ITEMS, event, trx);
      if (!itemChange || rebuilding) continue;
      if (itemChange === 'delete') {
        if (before) recounted.set(before.contactListId, { companyId, id: before.contactListId });
        announce(companyId, 'ContactListItem', { action: 'delete', id });
        continue;
      }
      const record = await queries.findItem(companyId, id);
      if (!record) continue;
      if (itemChange === 'create') {
        recounted.set(record.contactListId, { companyId, id: record.contactListId });
        const created = (createdIn.get(record.contactListId) ?? 0) + 1;
        createdIn.set(record.contactListId, created);
        // Past a handful, a list's new items are one `reload` at the batch's end rather than an entry each.
        if (created > ANNOUNCED_CREATES) continue;
      }
      announce(companyId, 'ContactListItem', { action: itemChange, record });
    }
    for (const { companyId, id } of recounted.values()) {
      if ((createdIn.get(id) ?? 0) > ANNOUNCED_CREATES) announce(companyId, 'ContactListItem', { action: 'reload', contactListId: id });
      const record = await queries.find(companyId, id);
      if (record) announce(companyId, 'ContactList', { action: 'update', record });
    }
  },
};
