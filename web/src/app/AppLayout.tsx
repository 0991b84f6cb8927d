import { Drawer, NonIdealState, Position, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { partsOf } from './parts';
import { userAtom } from './sessionAtoms';
import { SessionTakenNotice } from '../features/auth/SessionTakenNotice';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useMediaQuery } from '../ui/useMediaQuery';
import { SideMenu } from './shell/SideMenu';
import { usePlan } from './shell/usePlan';
import { TopBar } from './TopBar';

/**
 * The frame of the private pages (spec §2): the top bar, the side menu (240 px; open by default on screens wider than
 * 1200 px, following the company's sideMenu setting; an overlay below 600 px) and the page, with the company's
 * realtime feed.
 */
export function AppLayout() {
  const user = useAtomValue(userAtom);
  const plan = usePlan(user?.companyId);
  const wide = useMediaQuery('(min-width: 1201px)');
  const small = useMediaQuery('(max-width: 599px)');
  const setting = user?.company.settings.find((s) => s.key === 'sideMenu')?.value;
  const [open, setOpen] = useState(() => wide && setting !== 'closed');
  useEffect(() => {
    if (small) setOpen(false);
  }, [small]);
  if (!user) return null;
  const flags = plan;
  return (
    <RealtimeProvider companyId={user.companyId}>
      <SessionTakenNotice />
      <div className="app-layout">
        <TopBar menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} />
        <div className="app-body">
          {small ? (
            <Drawer isOpen={open} onClose={() => setOpen(false)} position={Position.LEFT} size={240} className="side-menu-drawer">
              <SideMenu collapsed={false} plan={flags} onNavigate={() => setOpen(false)} />
            </Drawer>
          ) : (
            <SideMenu collapsed={!open} plan={flags} />
          )}
          <main className="app-content">
            {partsOf('pageGates').reduceRight(
              (page, Gate) => (
                <Gate>{page}</Gate>
              ),
              <Suspense fallback={<NonIdealState icon={<Spinner />} />}>
                <Outlet />
              </Suspense>,
            )}
          </main>
        </div>
      </div>
    </RealtimeProvider>
  );
}
