import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { usePagedList } from '../../ui/usePagedList';
import { addUserPage, emptyUserList } from './userList';
import { usersApi } from './usersApi';

/** The users whose name or e-mail holds `searchParam`, page by page; any change of a user fetches the list again. */
export function useUserList(searchParam: string) {
  const fetchPage = useCallback((page: number) => usersApi.list(searchParam, page), [searchParam]);
  const { state, loading, reload, loadMore } = usePagedList(emptyUserList, fetchPage, addUserPage);
  // The feed says which user changed, not how: the list is fetched again (it is sorted and paged by the server).
  useFeed('user', reload);
  useFeedReload(reload);
  return { ...state, loading, reload, loadMore };
}
