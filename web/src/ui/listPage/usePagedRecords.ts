import type { FeedChannel } from '@atendo/contracts';
import { useFeed, useFeedReload, type FeedPayloads } from '../../realtime/useFeed';
import { usePagedList } from '../usePagedList';
import { addRecords, applyRecordFeed, emptyRecords, type RecordFeedPayload, type RecordsState } from './records';

/** The channels whose entries are records of type R (created, changed, deleted). */
export type RecordChannel<R> = { [C in keyof FeedPayloads]: FeedPayloads[C] extends RecordFeedPayload<R> ? C : never }[keyof FeedPayloads];

export interface RecordPage<R> {
  records: R[];
  hasMore: boolean;
}

const addPage = <R extends { id: number }>(state: RecordsState<R>, page: number, answer: RecordPage<R>) => addRecords(state, page, answer.records, answer.hasMore);

/**
 * The records a page lists, page by page (`fetchPage` must keep its identity while the search does not change: use
 * useCallback), kept current by their channel; `keep` is the page's search, and decides whether a record created or
 * changed elsewhere belongs. `saved` and `removed` put the page's own saves and deletions in the same way.
 */
export function usePagedRecords<R extends { id: number }>(channel: RecordChannel<R>, fetchPage: (page: number) => Promise<RecordPage<R>>, keep: (record: R) => boolean) {
  return usePagedRecordsOf(channel, (payload) => payload as RecordFeedPayload<R>, fetchPage, keep);
}

/**
 * usePagedRecords on a channel whose entries name the record in words of their own (`prompt` and `promptId` rather
 * than `record` and `id`): `read` says an entry as a record channel's.
 */
export function usePagedRecordsOf<R extends { id: number }, C extends keyof FeedPayloads & FeedChannel>(
  channel: C,
  read: (payload: FeedPayloads[C]) => RecordFeedPayload<R>,
  fetchPage: (page: number) => Promise<RecordPage<R>>,
  keep: (record: R) => boolean,
) {
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyRecords<R>(), fetchPage, addPage<R>);
  const apply = (payload: RecordFeedPayload<R>) => setState((s) => ({ ...s, records: applyRecordFeed(s.records, payload, keep) }));
  useFeed(channel, (payload) => apply(read(payload)));
  useFeedReload(reload);
  return {
    records: state.records,
    loading,
    loadMore,
    saved: (record: R) => apply({ action: 'update', record }),
    removed: (id: number) => apply({ action: 'delete', id }),
  };
}
