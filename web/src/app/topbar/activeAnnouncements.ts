import type { Announcement, AnnouncementFeedPayload, AnnouncementPage } from '@atendo/contracts';

export interface AnnouncementsState {
  records: Announcement[];
  /** How many active announcements the server has (more than the loaded ones while pages remain). */
  count: number;
  hasMore: boolean;
  page: number;
}

export const EMPTY_ANNOUNCEMENTS: AnnouncementsState = { records: [], count: 0, hasMore: false, page: 0 };

/** The server's order: priority 1 first, then the newest. */
const byPriorityNewest = (a: Announcement, b: Announcement) => a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export function addAnnouncementPage(state: AnnouncementsState, page: number, response: AnnouncementPage | undefined): AnnouncementsState {
  // An empty answer (no body) reads as no announcements rather than breaking the top bar.
  const received = response?.records ?? [];
  const active = received.filter((r) => r.status);
  const records = page === 1 ? active : [...state.records, ...active.filter((r) => !state.records.some((s) => s.id === r.id))];
  // A super user's page holds inactive ones too: the count is then of the active ones loaded.
  const count = active.length === received.length ? (response?.count ?? 0) : records.length;
  return { records, count: Math.max(count, records.length), hasMore: response?.hasMore ?? false, page };
}

/** An announcement published, changed (possibly switched off) or deleted, as the top bar's list sees it. */
export function applyAnnouncementFeed(state: AnnouncementsState, payload: AnnouncementFeedPayload): AnnouncementsState {
  const id = payload.action === 'delete' ? payload.id : payload.record.id;
  const known = state.records.some((r) => r.id === id);
  const others = state.records.filter((r) => r.id !== id);
  if (payload.action === 'delete' || !payload.record.status) {
    return known ? { ...state, records: others, count: Math.max(0, state.count - 1) } : state;
  }
  const records = [...others, payload.record].sort(byPriorityNewest);
  // A change to one not loaded yet (pages remain) may be of one already counted.
  const added = !known && (payload.action === 'create' || !state.hasMore);
  return { ...state, records, count: added ? state.count + 1 : Math.max(state.count, records.length) };
}
