import { useCallback, useRef } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addMessagePage, applyMessageEntry, emptyMessageList } from './messageList';
import { ticketsApi } from './ticketsApi';

/** A ticket's messages: pages from GET /messages (the server marks them read), kept current by the feed. */
export function useMessages(ticketId: number) {
  // Older pages start where the last one ended (the server's cursor): messages arriving meanwhile shift nothing.
  const next = useRef<string | undefined>(undefined);
  const fetchPage = useCallback((page: number) => ticketsApi.messages(ticketId, page, page > 1 ? next.current : undefined), [ticketId]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyMessageList, fetchPage, addMessagePage);
  next.current = state.next;

  useFeed('appMessage', (payload) => setState((s) => applyMessageEntry(s, ticketId, payload)));
  useFeedReload(reload);

  return { ...state, loading, loadOlder: loadMore };
}
