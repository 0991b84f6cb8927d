import { useAtomValue } from 'jotai';
import { useCallback, useRef } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { userAtom } from '../../app/sessionAtoms';
import { addPage, applyMessageFeed, applyTicketFeed, emptyTicketList, type TicketListFilter } from './ticketList';
import { ticketsApi, type TicketListQuery } from './ticketsApi';

/** One ticket list: its pages from GET /tickets, kept current by the realtime feed. */
export function useTicketList({ status, searchParam, showAll }: TicketListQuery) {
  const userId = useAtomValue(userAtom)?.id ?? 0;
  // The next page starts where the last one ended (the server's cursor); the first page from the top.
  const next = useRef<string | undefined>(undefined);
  const fetchPage = useCallback(
    (page: number) => ticketsApi.list({ status, searchParam, showAll }, page, page > 1 ? next.current : undefined),
    [status, searchParam, showAll],
  );
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyTicketList, fetchPage, addPage);
  next.current = state.next;
  const filter: TicketListFilter = { status, showAll, userId };

  useFeed('ticket', (payload) => setState((s) => applyTicketFeed(s, payload, filter)));
  useFeed('appMessage', (payload) => setState((s) => applyMessageFeed(s, payload, filter)));
  useFeedReload(reload);

  return { ...state, loading, loadMore };
}
