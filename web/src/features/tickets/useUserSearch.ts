import type { UserRef } from '@atendo/contracts';
import { useEffect, useState } from 'react';
import { toastError } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { usersApi } from '../users/usersApi';

/** Spec §5 Transfer: the user search starts at 3 characters and waits 500 ms after the last keystroke. */
export const USER_SEARCH_MIN_LENGTH = 3;
export const USER_SEARCH_DEBOUNCE_MS = 500;

const NO_USERS: UserRef[] = [];

export interface UserSearch {
  users: UserRef[];
  searching: boolean;
  /** Fewer characters than a search needs: nothing was asked. */
  tooShort: boolean;
}

/** The users whose name holds `text` (GET /users/list, which any user may ask), asked once the typing pauses. */
export function useUserSearch(text: string): UserSearch {
  const searchParam = useDebouncedValue(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const tooShort = searchParam.length < USER_SEARCH_MIN_LENGTH;
  const [found, setFound] = useState<{ searchParam: string; users: UserRef[] }>();

  useEffect(() => {
    if (tooShort) return;
    let live = true;
    usersApi.refs(searchParam).then(
      (users) => live && setFound({ searchParam, users }),
      (error: unknown) => {
        if (!live) return;
        toastError(error);
        setFound({ searchParam, users: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [searchParam, tooShort]);

  const current = !tooShort && found?.searchParam === searchParam ? found.users : undefined;
  return { users: current ?? NO_USERS, searching: !tooShort && current === undefined, tooShort };
}
