import type { ContactFeedPayload } from '@atendo/contracts';
import { useCallback, useRef } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { useReloadSoon } from '../../ui/useReloadSoon';
import { addContactPage, applyContactFeed, emptyContactList } from './contactList';
import { contactsApi } from './contactsApi';

/** How often the feed's reloads fetch the list at most. */
export const RELOAD_EVERY_MS = 1000;

/** The contacts whose name or number holds `searchParam`, page by page, kept current by the `contact` channel. */
export function useContactList(searchParam: string) {
  // A later page is asked after where the last one ended (its number too, for a contact gone since).
  const next = useRef<string | undefined>(undefined);
  const fetchPage = useCallback((page: number) => contactsApi.list(searchParam, page, page > 1 ? next.current : undefined), [searchParam]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyContactList, fetchPage, addContactPage);
  next.current = state.next;
  // What this console saved is applied at once too (the feed's entry, when it comes, changes nothing more).
  const apply = useCallback((payload: Exclude<ContactFeedPayload, { action: 'reload' }>) => setState((s) => applyContactFeed(s, payload, searchParam !== '')), [setState, searchParam]);
  // An import tells "fetch again" batch after batch: once a second is enough.
  const reloadSoon = useReloadSoon(reload, RELOAD_EVERY_MS);
  useFeed('contact', (payload) => (payload.action === 'reload' ? reloadSoon() : apply(payload)));
  useFeedReload(reload);
  return { ...state, loading, reload, loadMore, apply };
}
