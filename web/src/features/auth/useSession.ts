import type { LoginRequest, SessionUser } from '@atendo/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endSession, onSessionEnd } from '../../api/client';
import { storeSession } from '../../api/session';
import { toastWarning } from '../../ui/toaster';
import { authApi } from './authApi';
import { signedInAtom, userAtom } from '../../app/sessionAtoms';

const DAY_MS = 86_400_000;
/** Spec §9: login warns when the subscription ends in fewer than 5 days. */
const WARN_DAYS = 5;

/** Keeps the session atoms in step with the API client: a 401 or a failed refresh signs the user out. */
export function useSessionEndSync(): void {
  const setSignedIn = useSetAtom(signedInAtom);
  const setUser = useSetAtom(userAtom);
  useEffect(
    () =>
      onSessionEnd(() => {
        setSignedIn(false);
        setUser(null);
      }),
    [setSignedIn, setUser],
  );
}

export function useSession() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const setSignedIn = useSetAtom(signedInAtom);
  const setUser = useSetAtom(userAtom);

  const signIn = useCallback(
    async (credentials: LoginRequest): Promise<SessionUser> => {
      const session = await authApi.login(credentials);
      storeSession(session);
      setUser(session.user);
      setSignedIn(true);
      const dueDate = session.user.company.dueDate;
      if (dueDate) {
        const days = Math.round((new Date(dueDate).getTime() - Date.now()) / DAY_MS);
        if (days >= 0 && days < WARN_DAYS) toastWarning(t('login.subscriptionEnding', { count: days }));
      }
      return session.user;
    },
    [setSignedIn, setUser, t],
  );

  const signOut = useCallback(async () => {
    // The local session ends even when the server cannot be told.
    await authApi.logout().catch(() => undefined);
    endSession();
  }, []);

  return { user, signIn, signOut };
}
