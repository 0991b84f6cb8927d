import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened; the page brings the calendar with it.
const SchedulesPage = lazy(() => import('./SchedulesPage').then((m) => ({ default: m.SchedulesPage })));

export const schedulesFeature: ConsoleFeature = {
  name: 'schedules',
  pages: [{ path: '/schedules', access: 'private', element: <SchedulesPage /> }],
};
