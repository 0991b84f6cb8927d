import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyAnnouncementFeed, emptyAnnouncementList } from './announcementList';
import { announcementsApi } from './announcementsApi';

/** The announcements matching `search`, page by page (GET /announcements), kept current by the realtime feed. */
export function useAnnouncementList(search: string) {
  const fetchPage = useCallback((page: number) => announcementsApi.list(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyAnnouncementList, fetchPage, addPage);
  useFeed('announcement', (payload) => setState((s) => applyAnnouncementFeed(s, payload, search)));
  useFeedReload(reload);
  return { ...state, setState, loading, loadMore };
}
