import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { signedInAtom } from './sessionAtoms';

/** Public pages: a signed-in user goes to the tickets. */
export function PublicOnly() {
  return useAtomValue(signedInAtom) ? <Navigate to="/tickets" replace /> : <Outlet />;
}
