import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyFeed, emptyFlowList, matchesSearch } from './flowList';
import { flowsApi } from './flowsApi';

/** The flows matching `search`, page by page (GET /flowbuilder), kept current by the `flow` feed. */
export function useFlowList(search: string) {
  const fetchPage = useCallback((page: number) => flowsApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyFlowList, fetchPage, addPage);
  useFeed('flow', (payload) => setState((s) => ({ ...s, flows: applyFeed(s.flows, payload, (f) => matchesSearch(f, search)) })));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
