import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { errorMessage } from '../../ui/toaster';
import { authApi } from './authApi';
import { signedInAtom, userAtom } from '../../app/sessionAtoms';

/** Private pages: without a session go to /login; with one, load the user before showing the page. */
export function RequireAuth() {
  const { t } = useTranslation();
  const signedIn = useAtomValue(signedInAtom);
  const [user, setUser] = useAtom(userAtom);
  const [error, setError] = useState<unknown>();

  const load = useCallback(() => {
    setError(undefined);
    authApi.me().then(setUser, setError);
  }, [setUser]);

  useEffect(() => {
    if (signedIn && !user) load();
  }, [signedIn, user, load]);

  if (!signedIn) return <Navigate to="/login" replace />;
  if (error) {
    return (
      <NonIdealState
        icon="error"
        title={errorMessage(error)}
        action={<Button text={t('app.retry')} onClick={load} />}
      />
    );
  }
  if (!user) return <NonIdealState icon={<Spinner />} title={t('app.loading')} />;
  return <Outlet />;
}
