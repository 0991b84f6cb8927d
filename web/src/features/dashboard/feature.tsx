import { DASHBOARD_PERMISSIONS } from '@atendo/contracts/dashboard';
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useCan } from '../../app/useCan';
import { defineConsoleFeature } from '../feature';
import { dashboardTranslations } from './i18n';

// Loaded when first opened by who may see it; the page brings the charts with it.
const DashboardPage = lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })));

/** `/` is the dashboard for who may see it (spec §2: admins); everyone else starts at the tickets. */
function Home() {
  const can = useCan();
  return can('dashboard:view') ? <DashboardPage /> : <Navigate to="/tickets" replace />;
}

export const dashboardFeature = defineConsoleFeature('dashboard', dashboardTranslations, {
  pages: [{ path: '/', access: 'private', element: <Home /> }],
  menu: [{ path: '/', label: 'dashboard', icon: 'dashboard', group: 'main', order: 10, permission: 'dashboard:view' }],
  permissions: [DASHBOARD_PERMISSIONS],
});
