import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addTagPage, applyTagFeed, emptyTagList } from './tagList';
import { tagsApi } from './tagsApi';

/** The tags whose name holds `searchParam`, page by page, kept up to date by the tag channel. */
export function useTagList(searchParam: string) {
  const fetchPage = useCallback((page: number) => tagsApi.page(searchParam, page), [searchParam]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyTagList, fetchPage, addTagPage);
  useFeed('tag', (payload) => setState((s) => applyTagFeed(s, payload, searchParam)));
  useFeedReload(reload);
  return { ...state, loading, reload, loadMore };
}
