import type { ContactList, ContactListItem } from '@atendo/contracts';
import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { useReloadSoon } from '../../ui/useReloadSoon';
import { addRecords, emptyRecords, type RecordsState } from '../../ui/listPage/records';
import { contactListsApi } from './contactListsApi';
import { applyItemFeed, applyListFeed } from './records';

const emptyLists = emptyRecords<ContactList>();
const emptyItems = emptyRecords<ContactListItem>();
const addLists = (state: RecordsState<ContactList>, page: number, r: { records: ContactList[]; hasMore: boolean }) => addRecords(state, page, r.records, r.hasMore);
const addItems = (state: RecordsState<ContactListItem>, page: number, r: { contacts: ContactListItem[]; hasMore: boolean }) => addRecords(state, page, r.contacts, r.hasMore);

/** How often an import's reloads fetch a list's contacts at most. */
export const RELOAD_EVERY_MS = 1000;

/** The company's contact lists matching `search`, page by page, kept current by the `ContactList` channel. */
export function useContactLists(search: string) {
  const fetchPage = useCallback((page: number) => contactListsApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyLists, fetchPage, addLists);
  useFeed('ContactList', (payload) => setState((s) => applyListFeed(s, payload, search)));
  useFeedReload(reload);
  const saved = useCallback((record: ContactList) => setState((s) => applyListFeed(s, { action: 'create', record }, search)), [setState, search]);
  const removed = useCallback((id: number) => setState((s) => applyListFeed(s, { action: 'delete', id }, search)), [setState]);
  return { lists: state.records, loading, loadMore, saved, removed };
}

/** One list's contacts matching `search`, page by page, kept current by the `ContactListItem` channel. */
export function useContactListItems(contactListId: number, search: string) {
  const fetchPage = useCallback((page: number) => contactListsApi.items(contactListId, search, page), [contactListId, search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyItems, fetchPage, addItems);
  // An import tells "fetch again" batch after batch: once a second is enough.
  const reloadSoon = useReloadSoon(reload, RELOAD_EVERY_MS);
  useFeed('ContactListItem', (payload) => {
    if (payload.action === 'reload') {
      if (payload.contactListId === contactListId) reloadSoon();
      return;
    }
    setState((s) => applyItemFeed(s, payload, contactListId, search));
  });
  useFeedReload(reload);
  const saved = useCallback((record: ContactListItem) => setState((s) => applyItemFeed(s, { action: 'create', record }, contactListId, search)), [setState, contactListId, search]);
  const removed = useCallback((id: number) => setState((s) => applyItemFeed(s, { action: 'delete', id }, contactListId, search)), [setState, contactListId, search]);
  return { items: state.records, loading, loadMore, reload, saved, removed };
}
