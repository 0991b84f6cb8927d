import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { userAtom } from '../../app/sessionAtoms';
import { addPage, applyQuickMessageFeed, emptyQuickMessageList, matchesSearch } from './quickMessageList';
import { quickMessagesApi } from './quickMessagesApi';

/** The quick messages matching `search`, page by page (GET /quick-messages), kept current by the realtime feed. */
export function useQuickMessageList(search: string) {
  const userId = useAtomValue(userAtom)?.id;
  const fetchPage = useCallback((page: number) => quickMessagesApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyQuickMessageList, fetchPage, addPage);
  useFeed('quickmessage', (payload) => setState((s) => ({ ...s, records: applyQuickMessageFeed(s.records, payload, userId, (q) => matchesSearch(q, search)) })));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
