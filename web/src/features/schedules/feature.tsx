import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { schedulesTranslations } from './i18n';

// Loaded when first opened; the page brings the calendar with it.
const SchedulesPage = lazy(() => import('./SchedulesPage').then((m) => ({ default: m.SchedulesPage })));

export const schedulesFeature = {
  name: 'schedules',
  pages: [{ path: '/schedules', access: 'private', element: <SchedulesPage /> }],
  menu: [{ path: '/schedules', label: 'schedules', icon: 'calendar', group: 'main', order: 70 }],
  translations: schedulesTranslations,
  channels: ['schedule'],
} satisfies ConsoleFeature;
