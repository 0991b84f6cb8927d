import type { QueueIntegrationFeedPayload } from '@atendo/contracts';
import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addPage, applyIntegrationFeed, emptyIntegrationList, matchesSearch } from './integrationList';
import { queueIntegrationsApi } from './queueIntegrationsApi';

/** The integrations matching `search`, page by page (GET /queueIntegration), kept current by their channel. */
export function useQueueIntegrations(search: string) {
  const fetchPage = useCallback((page: number) => queueIntegrationsApi.page(search, page), [search]);
  const { state, setState, loading, reload, loadMore } = usePagedList(emptyIntegrationList, fetchPage, addPage);
  const apply = useCallback(
    (payload: QueueIntegrationFeedPayload) => setState((s) => ({ ...s, records: applyIntegrationFeed(s.records, payload, (i) => matchesSearch(i, search)) })),
    [setState, search],
  );
  useFeed('queueIntegration', apply);
  useFeedReload(reload);
  return { ...state, loading, loadMore, apply };
}
