import { useTranslation } from 'react-i18next';
import { getSessionId } from '../../api/session';
import { useFeed } from '../../realtime/useFeed';
import { toastWarning } from '../../ui/toaster';
import { endSession } from '../../api/client';

/** How long the notice shows before the console clears its storage and reloads (spec §4). */
export const SESSION_TAKEN_RELOAD_MS = 1000;

/**
 * Spec §4: "a notice that the account was used elsewhere clears local storage and reloads after 1 s". The server tells
 * every console of the user (`auth`) when the account signs in; the console of that same session ignores it.
 */
export function SessionTakenNotice() {
  const { t } = useTranslation();
  useFeed('auth', (payload) => {
    if (payload.action !== 'signedIn' || payload.sessionId === getSessionId()) return;
    toastWarning(t('login.sessionTaken'));
    setTimeout(() => {
      endSession();
      localStorage.clear();
      window.location.reload();
    }, SESSION_TAKEN_RELOAD_MS);
  });
  return null;
}
