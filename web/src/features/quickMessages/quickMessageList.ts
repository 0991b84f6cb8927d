import type { QuickMessage, QuickMessageFeedPayload, QuickMessagePage } from '@atendo/contracts';

export interface QuickMessageListState {
  records: QuickMessage[];
  hasMore: boolean;
  page: number;
}

export const emptyQuickMessageList: QuickMessageListState = { records: [], hasMore: false, page: 0 };

export function addPage(state: QuickMessageListState, page: number, response: QuickMessagePage): QuickMessageListState {
  const base = page === 1 ? [] : state.records;
  const known = new Set(base.map((q) => q.id));
  return { records: [...base, ...response.records.filter((q) => !known.has(q.id))], hasMore: response.hasMore, page };
}

/** What the server lists for `userId`: the company's general ones and their own. */
export const usableBy = (quickMessage: QuickMessage, userId: number | undefined) => quickMessage.geral || quickMessage.userId === userId;

/** Whether the page's search (shortcode or text, whatever the case, as the server searches) keeps it. */
export function matchesSearch(quickMessage: QuickMessage, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || quickMessage.shortcode.toLowerCase().includes(words) || quickMessage.message.toLowerCase().includes(words);
}

/** A changed one stays in its place; a new one comes first (spec: new records are placed first). */
export function upsert(records: QuickMessage[], quickMessage: QuickMessage): QuickMessage[] {
  return records.some((q) => q.id === quickMessage.id) ? records.map((q) => (q.id === quickMessage.id ? quickMessage : q)) : [quickMessage, ...records];
}

export const remove = (records: QuickMessage[], id: number) => (records.some((q) => q.id === id) ? records.filter((q) => q.id !== id) : records);

/**
 * The `quickmessage` channel on a list of what `userId` may use, filtered by `keep` (the page's search): one made
 * personal by someone else, or that no longer matches, leaves it.
 */
export function applyQuickMessageFeed(records: QuickMessage[], payload: QuickMessageFeedPayload, userId: number | undefined, keep: (q: QuickMessage) => boolean = () => true): QuickMessage[] {
  switch (payload.action) {
    case 'create':
    case 'update':
      return usableBy(payload.record, userId) && keep(payload.record) ? upsert(records, payload.record) : remove(records, payload.record.id);
    case 'delete':
      return remove(records, payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
