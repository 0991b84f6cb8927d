import type { Flow, FlowCampaignFeedPayload, FlowFeedPayload, FlowPage } from '@atendo/contracts';

export interface FlowListState {
  flows: Flow[];
  hasMore: boolean;
  page: number;
}

export const emptyFlowList: FlowListState = { flows: [], hasMore: false, page: 0 };

export function addPage(state: FlowListState, page: number, response: FlowPage): FlowListState {
  const base = page === 1 ? [] : state.flows;
  const known = new Set(base.map((f) => f.id));
  return { flows: [...base, ...response.flows.filter((f) => !known.has(f.id))], hasMore: response.hasMore, page };
}

/** Whether the page's search keeps it (the name, whatever the case, as the server searches). */
export function matchesSearch(flow: Flow, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || flow.name.toLowerCase().includes(words);
}

/** A changed record stays in its place; a new one comes first (spec: new records are placed first). */
export function upsert<R extends { id: number }>(records: R[], record: R): R[] {
  return records.some((r) => r.id === record.id) ? records.map((r) => (r.id === record.id ? record : r)) : [record, ...records];
}

export const removeRecord = <R extends { id: number }>(records: R[], id: number): R[] => (records.some((r) => r.id === id) ? records.filter((r) => r.id !== id) : records);

/** A `flow` or `flowcampaign` entry on a list; `keep` (the page's search) decides whether a created or changed one belongs. */
export function applyFeed<R extends { id: number }>(records: R[], payload: FlowFeedPayload | FlowCampaignFeedPayload, keep: (record: R) => boolean = () => true): R[] {
  switch (payload.action) {
    case 'create':
    case 'update': {
      const record = payload.record as unknown as R;
      return keep(record) ? upsert(records, record) : removeRecord(records, record.id);
    }
    case 'delete':
      return removeRecord(records, payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}

