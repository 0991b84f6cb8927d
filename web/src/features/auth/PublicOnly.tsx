import { useAtomValue } from 'jotai';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense, useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { signedInAtom } from '../../app/sessionAtoms';

/**
 * Public pages: a user who arrives signed in goes to / (spec §2); one who has just signed in here goes to the tickets
 * (spec §2: after login the user goes to /tickets).
 */
export function PublicOnly() {
  const signedIn = useAtomValue(signedInAtom);
  const arrivedSignedIn = useRef(signedIn);
  if (!signedIn) {
    return (
      <Suspense fallback={<NonIdealState icon={<Spinner />} />}>
        <Outlet />
      </Suspense>
    );
  }
  return <Navigate to={arrivedSignedIn.current ? '/' : '/tickets'} replace />;
}
