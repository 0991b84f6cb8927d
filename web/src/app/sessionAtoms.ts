import type { SessionUser } from '@atendo/contracts';
import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { getToken } from '../api/session';

/** Whether a token is stored; the token itself lives in browser storage, where the API client reads it. */
export const signedInAtom = atomWithDefault(() => getToken() !== null);

/** The signed-in user, loaded from GET /auth/me (or the login answer). */
export const userAtom = atom<SessionUser | null>(null);
