/** A page-by-page list of records, as usePagedList keeps it. */
export interface RecordsState<R> {
  records: R[];
  hasMore: boolean;
  page: number;
}

/** An entry of a record channel: a record created or changed, or the id of one deleted. */
export type RecordFeedPayload<R> = { action: 'create' | 'update'; record: R } | { action: 'delete'; id: number };

const EMPTY: RecordsState<never> = { records: [], hasMore: false, page: 0 };

/** The empty list (one object, so that usePagedList does not reload on every render). */
export const emptyRecords = <R>(): RecordsState<R> => EMPTY;

/** A page of the server's answer after the ones shown (page 1: instead of them); a record already shown is not shown twice. */
export function addRecords<R extends { id: number }>(state: RecordsState<R>, page: number, records: R[], hasMore: boolean): RecordsState<R> {
  const base = page === 1 ? [] : state.records;
  const known = new Set(base.map((r) => r.id));
  return { records: [...base, ...records.filter((r) => !known.has(r.id))], hasMore, page };
}

/** A changed record stays in its place; a new one comes first (spec: new records are placed first). */
export function upsertRecord<R extends { id: number }>(records: R[], record: R): R[] {
  return records.some((r) => r.id === record.id) ? records.map((r) => (r.id === record.id ? record : r)) : [record, ...records];
}

export const removeRecord = <R extends { id: number }>(records: R[], id: number): R[] => (records.some((r) => r.id === id) ? records.filter((r) => r.id !== id) : records);

/** An entry on the records shown; `keep` (the page's search) decides whether a created or changed one belongs. */
export function applyRecordFeed<R extends { id: number }>(records: R[], payload: RecordFeedPayload<R>, keep: (record: R) => boolean = () => true): R[] {
  switch (payload.action) {
    case 'create':
    case 'update':
      return keep(payload.record) ? upsertRecord(records, payload.record) : removeRecord(records, payload.record.id);
    case 'delete':
      return removeRecord(records, payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}

/** Whether a search keeps a text: every search matches; otherwise the text holds it, whatever the case, as the server searches. */
export const textMatches = (text: string, search: string): boolean => {
  const words = search.trim().toLowerCase();
  return !words || text.toLowerCase().includes(words);
};
