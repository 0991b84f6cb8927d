import type { QueueIntegration, QueueIntegrationFeedPayload } from '@atendo/contracts';
import { useCallback } from 'react';
import { textMatches, type RecordFeedPayload } from '../../ui/listPage/records';
import { usePagedRecordsOf } from '../../ui/listPage/usePagedRecords';
import { queueIntegrationsApi } from './queueIntegrationsApi';

/** An entry of the `queueIntegration` channel as a record channel's. */
const integrationEntry = (payload: QueueIntegrationFeedPayload): RecordFeedPayload<QueueIntegration> =>
  payload.action === 'delete' ? { action: 'delete', id: payload.integrationId } : { action: payload.action, record: payload.queueIntegration };

/** The integrations matching `search` (by name), page by page (GET /queueIntegration), kept current by their channel. */
export function useIntegrationList(search: string) {
  const fetchPage = useCallback(
    (page: number) => queueIntegrationsApi.page(search, page).then(({ queueIntegrations, hasMore }) => ({ records: queueIntegrations, hasMore })),
    [search],
  );
  return usePagedRecordsOf('queueIntegration', integrationEntry, fetchPage, (integration) => textMatches(integration.name, search));
}
