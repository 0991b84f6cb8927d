import type { FileListSummary } from '@atendo/contracts';
import { useCallback } from 'react';
import { textMatches } from '../../ui/listPage/records';
import { usePagedRecords } from '../../ui/listPage/usePagedRecords';
import { filesApi } from './filesApi';

/** The file lists matching `search` (by name), page by page (GET /files), kept current by the `file` channel. */
export function useFileLists(search: string) {
  const fetchPage = useCallback((page: number) => filesApi.page(search, page).then(({ files, hasMore }) => ({ records: files, hasMore })), [search]);
  return usePagedRecords<FileListSummary>('file', fetchPage, (list) => textMatches(list.name, search));
}
