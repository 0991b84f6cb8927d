import type { QueueIntegration, QueueIntegrationFeedPayload, QueueIntegrationPage } from '@atendo/contracts';

export interface IntegrationListState {
  records: QueueIntegration[];
  hasMore: boolean;
  page: number;
}

export const emptyIntegrationList: IntegrationListState = { records: [], hasMore: false, page: 0 };

export function addPage(state: IntegrationListState, page: number, response: QueueIntegrationPage): IntegrationListState {
  const base = page === 1 ? [] : state.records;
  const known = new Set(base.map((i) => i.id));
  return { records: [...base, ...response.queueIntegrations.filter((i) => !known.has(i.id))], hasMore: response.hasMore, page };
}

/** Whether the page's search keeps an integration (its name, whatever the case, as the server searches). */
export function matchesSearch(integration: QueueIntegration, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || integration.name.toLowerCase().includes(words);
}

/** A changed integration stays in its place; a new one comes first. */
function upsert(records: QueueIntegration[], integration: QueueIntegration): QueueIntegration[] {
  return records.some((i) => i.id === integration.id) ? records.map((i) => (i.id === integration.id ? integration : i)) : [integration, ...records];
}

const remove = (records: QueueIntegration[], id: number) => (records.some((i) => i.id === id) ? records.filter((i) => i.id !== id) : records);

/** The `queueIntegration` channel on the list shown, filtered by `keep` (the page's search). */
export function applyIntegrationFeed(records: QueueIntegration[], payload: QueueIntegrationFeedPayload, keep: (i: QueueIntegration) => boolean = () => true): QueueIntegration[] {
  switch (payload.action) {
    case 'create':
    case 'update':
      return keep(payload.queueIntegration) ? upsert(records, payload.queueIntegration) : remove(records, payload.queueIntegration.id);
    case 'delete':
      return remove(records, payload.integrationId);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
