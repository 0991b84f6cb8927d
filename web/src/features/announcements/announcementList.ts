import type { Announcement, AnnouncementFeedPayload, AnnouncementPage } from '@atendo/contracts';

export interface AnnouncementListState {
  records: Announcement[];
  count: number;
  hasMore: boolean;
  page: number;
}

export const emptyAnnouncementList: AnnouncementListState = { records: [], count: 0, hasMore: false, page: 0 };

/** The server's order: active first, then by priority (1 high first), newest first. */
function compare(a: Announcement, b: Announcement): number {
  return Number(b.status) - Number(a.status) || a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

export function addPage(state: AnnouncementListState, page: number, response: AnnouncementPage): AnnouncementListState {
  const base = page === 1 ? [] : state.records;
  const known = new Set(base.map((a) => a.id));
  return { records: [...base, ...response.records.filter((a) => !known.has(a.id))], count: response.count, hasMore: response.hasMore, page };
}

/** Whether the search (title or text, as the server searches) keeps it. */
export function matchesSearch(announcement: Announcement, search: string): boolean {
  const words = search.trim().toLowerCase();
  return !words || announcement.title.toLowerCase().includes(words) || announcement.text.toLowerCase().includes(words);
}

/** Puts a new or changed announcement in its place (or takes it out when the search no longer keeps it). */
export function upsert(state: AnnouncementListState, announcement: Announcement, search: string): AnnouncementListState {
  const known = state.records.some((a) => a.id === announcement.id);
  if (!matchesSearch(announcement, search)) return remove(state, announcement.id);
  const others = state.records.filter((a) => a.id !== announcement.id);
  return { ...state, records: [...others, announcement].sort(compare), count: known ? state.count : state.count + 1 };
}

export function remove(state: AnnouncementListState, id: number): AnnouncementListState {
  if (!state.records.some((a) => a.id === id)) return state;
  return { ...state, records: state.records.filter((a) => a.id !== id), count: Math.max(0, state.count - 1) };
}

/** The `announcement` channel (spec §7: create, update, delete). */
export function applyAnnouncementFeed(state: AnnouncementListState, payload: AnnouncementFeedPayload, search: string): AnnouncementListState {
  switch (payload.action) {
    case 'create':
    case 'update':
      return upsert(state, payload.record, search);
    case 'delete':
      return remove(state, payload.id);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
