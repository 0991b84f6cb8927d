import type { User, UserPage } from '@atendo/contracts';

export interface UserListState {
  users: User[];
  count: number;
  hasMore: boolean;
  page: number;
}

export const emptyUserList: UserListState = { users: [], count: 0, hasMore: false, page: 0 };

/** Page 1 replaces the list; later pages append, skipping users an earlier page already brought. */
export function addUserPage(state: UserListState, page: number, response: UserPage): UserListState {
  const base = page === 1 ? [] : state.users;
  const known = new Set(base.map((u) => u.id));
  return { users: [...base, ...response.users.filter((u) => !known.has(u.id))], count: response.count, hasMore: response.hasMore, page };
}
