import type { QuickMessage, QuickMessageFeedPayload } from '@atendo/contracts';
import { applyRecordFeed } from '../../ui/listPage/records';

/** What the server lists for `userId`: the company's general ones and their own. */
export const usableBy = (quickMessage: QuickMessage, userId: number | undefined) => quickMessage.geral || quickMessage.userId === userId;

/** Whether the page's search (shortcode or text, whatever the case, as the server searches) keeps it. */
export function matchesSearch(quickMessage: QuickMessage, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || quickMessage.shortcode.toLowerCase().includes(words) || quickMessage.message.toLowerCase().includes(words);
}

/**
 * The `quickmessage` channel on a list of what `userId` may use, filtered by `keep` (the page's search): one made
 * personal by someone else, or that no longer matches, leaves it.
 */
export function applyQuickMessageFeed(records: QuickMessage[], payload: QuickMessageFeedPayload, userId: number | undefined, keep: (q: QuickMessage) => boolean = () => true): QuickMessage[] {
  return applyRecordFeed(records, payload, (q) => usableBy(q, userId) && keep(q));
}
