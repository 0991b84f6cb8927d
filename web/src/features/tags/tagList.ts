import type { Tag, TagFeedPayload, TagPage } from '@atendo/contracts';

export interface TagListState {
  tags: Tag[];
  hasMore: boolean;
  page: number;
}

export const emptyTagList: TagListState = { tags: [], hasMore: false, page: 0 };

/** Page 1 replaces the list; later pages append, skipping tags an earlier page (or the feed) already brought. */
export function addTagPage(state: TagListState, page: number, response: TagPage): TagListState {
  const base = page === 1 ? [] : state.tags;
  const known = new Set(base.map((t) => t.id));
  return { tags: [...base, ...response.tags.filter((t) => !known.has(t.id))], hasMore: response.hasMore, page };
}

/** Whether a tag belongs to a list searched for `searchParam` (the server's rule: the name holds it, case aside). */
const matches = (tag: Tag, searchParam: string) => tag.name.toLowerCase().includes(searchParam.trim().toLowerCase());

/**
 * Spec: create or update upserts (a new tag first), delete removes; a ticket's tags changing says nothing to this
 * list (the tags' counts come as updates).
 */
export function applyTagFeed(state: TagListState, payload: TagFeedPayload, searchParam: string): TagListState {
  switch (payload.action) {
    case 'create':
    case 'update': {
      const { tag } = payload;
      const known = state.tags.some((t) => t.id === tag.id);
      if (!matches(tag, searchParam)) return known ? { ...state, tags: state.tags.filter((t) => t.id !== tag.id) } : state;
      if (known) return { ...state, tags: state.tags.map((t) => (t.id === tag.id ? tag : t)) };
      // A change to a tag not loaded yet (further down the list) waits for its page.
      return payload.action === 'create' ? { ...state, tags: [tag, ...state.tags] } : state;
    }
    case 'delete':
      return { ...state, tags: state.tags.filter((t) => t.id !== payload.tagId) };
    case 'ticket':
      return state;
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
