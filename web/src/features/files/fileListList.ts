import type { FileListFeedPayload, FileListPage, FileListSummary } from '@atendo/contracts';

export interface FileListListState {
  records: FileListSummary[];
  hasMore: boolean;
  page: number;
}

export const emptyFileListList: FileListListState = { records: [], hasMore: false, page: 0 };

export function addPage(state: FileListListState, page: number, response: FileListPage): FileListListState {
  const base = page === 1 ? [] : state.records;
  const known = new Set(base.map((f) => f.id));
  return { records: [...base, ...response.files.filter((f) => !known.has(f.id))], hasMore: response.hasMore, page };
}

/** Whether the page's search keeps a list (its name, whatever the case, as the server searches). */
export function matchesSearch(list: FileListSummary, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || list.name.toLowerCase().includes(words);
}

/** A changed list stays in its place; a new one comes first. */
function upsert(records: FileListSummary[], list: FileListSummary): FileListSummary[] {
  return records.some((f) => f.id === list.id) ? records.map((f) => (f.id === list.id ? list : f)) : [list, ...records];
}

const remove = (records: FileListSummary[], id: number) => (records.some((f) => f.id === id) ? records.filter((f) => f.id !== id) : records);

/** The `file` channel on the lists shown, filtered by `keep` (the page's search). */
export function applyFileListFeed(records: FileListSummary[], payload: FileListFeedPayload, keep: (f: FileListSummary) => boolean = () => true): FileListSummary[] {
  switch (payload.action) {
    case 'create':
    case 'update':
      return keep(payload.record) ? upsert(records, payload.record) : remove(records, payload.record.id);
    case 'delete':
      return remove(records, payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
