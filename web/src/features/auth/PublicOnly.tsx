import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { signedInAtom } from './sessionAtoms';

/** Public pages: a signed-in user goes to / (spec §2). */
export function PublicOnly() {
  return useAtomValue(signedInAtom) ? <Navigate to="/" replace /> : <Outlet />;
}
