import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyFileListFeed, emptyFileListList, matchesSearch } from './fileListList';
import { filesApi } from './filesApi';

/** The file lists matching `search`, page by page (GET /files), kept current by the `file` channel. */
export function useFileLists(search: string) {
  const fetchPage = useCallback((page: number) => filesApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyFileListList, fetchPage, addPage);
  useFeed('file', (payload) => setState((s) => ({ ...s, records: applyFileListFeed(s.records, payload, (f) => matchesSearch(f, search)) })));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
