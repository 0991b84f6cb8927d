import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { userAtom } from '../features/auth/sessionAtoms';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { TopBar } from './TopBar';

/** The frame of the private pages: the top bar over the page, with the company's realtime feed. */
export function AppLayout() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  return (
    <RealtimeProvider companyId={user.companyId}>
      <div className="app-layout">
        <TopBar />
        <div className="app-content">
          <Outlet />
        </div>
      </div>
    </RealtimeProvider>
  );
}
