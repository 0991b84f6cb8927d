import type { ContactList, ContactListFeedPayload, ContactListItem, ContactListItemFeedPayload } from '@atendo/contracts';
import { upsertRecord, type RecordsState } from '../../ui/listPage/records';

/** The search of the lists page: the name, whatever the case, as the server searches. */
export const listMatches = (list: ContactList, search: string) => !search || list.name.toLowerCase().includes(search.toLowerCase());

/** The search of a list's contacts page: the name (any case), or the number by its digits. */
export function itemMatches(item: ContactListItem, search: string): boolean {
  if (!search) return true;
  const digits = search.replace(/\D/g, '');
  return item.name.toLowerCase().includes(search.toLowerCase()) || (digits !== '' && item.number.includes(digits));
}

/** A `ContactList` entry on the lists page. */
export function applyListFeed(state: RecordsState<ContactList>, payload: ContactListFeedPayload, search: string): RecordsState<ContactList> {
  if (payload.action === 'delete') return { ...state, records: state.records.filter((r) => r.id !== payload.id) };
  const { record } = payload;
  const known = state.records.some((r) => r.id === record.id);
  // A count changed on a list this page does not show (another search, a later page) stays out.
  if (!listMatches(record, search) || (payload.action === 'update' && !known)) return { ...state, records: state.records.filter((r) => r.id !== record.id) };
  return { ...state, records: upsertRecord(state.records, record) };
}

/** A `ContactListItem` entry on one list's page; `reload` is the caller's (it fetches the list again). */
export function applyItemFeed(
  state: RecordsState<ContactListItem>,
  payload: Exclude<ContactListItemFeedPayload, { action: 'reload' }>,
  contactListId: number,
  search: string,
): RecordsState<ContactListItem> {
  if (payload.action === 'delete') return { ...state, records: state.records.filter((r) => r.id !== payload.id) };
  const { record } = payload;
  if (record.contactListId !== contactListId) return state;
  if (!itemMatches(record, search)) return { ...state, records: state.records.filter((r) => r.id !== record.id) };
  return { ...state, records: upsertRecord(state.records, record) };
}
