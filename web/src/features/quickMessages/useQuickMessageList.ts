import type { QuickMessage } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { usePagedRecords } from '../../ui/listPage/usePagedRecords';
import { userAtom } from '../../app/sessionAtoms';
import { matchesSearch, usableBy } from './quickMessageList';
import { quickMessagesApi } from './quickMessagesApi';

/**
 * The quick messages matching `search`, page by page (GET /quick-messages), kept current by the realtime feed: one
 * made personal by someone else, or that no longer matches, leaves the list.
 */
export function useQuickMessageList(search: string) {
  const userId = useAtomValue(userAtom)?.id;
  const fetchPage = useCallback((page: number) => quickMessagesApi.page(search, page), [search]);
  return usePagedRecords<QuickMessage>('quickmessage', fetchPage, (q) => usableBy(q, userId) && matchesSearch(q, search));
}
