import type { Flow } from '@atendo/contracts';
import { useCallback } from 'react';
import { textMatches } from '../../ui/listPage/records';
import { usePagedRecords } from '../../ui/listPage/usePagedRecords';
import { flowsApi } from './flowsApi';

/** The flows matching `search` (by name), page by page (GET /flowbuilder), kept current by the `flow` feed. */
export function useFlowList(search: string) {
  const fetchPage = useCallback((page: number) => flowsApi.page(search, page).then(({ flows, hasMore }) => ({ records: flows, hasMore })), [search]);
  return usePagedRecords<Flow>('flow', fetchPage, (flow) => textMatches(flow.name, search));
}
