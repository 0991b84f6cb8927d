import { lazy } from 'react';
import { SCHEDULES_PLAN_FLAGS } from '@atendo/contracts/schedules';
import { defineConsoleFeature } from '../feature';
import { schedulesTranslations } from './i18n';

// Loaded when first opened; the page brings the calendar with it.
const SchedulesPage = lazy(() => import('./SchedulesPage').then((m) => ({ default: m.SchedulesPage })));

export const schedulesFeature = defineConsoleFeature('schedules', schedulesTranslations, {
  planFlags: [SCHEDULES_PLAN_FLAGS],
  pages: [{ path: '/schedules', access: 'private', element: <SchedulesPage /> }],
  menu: [{ path: '/schedules', label: 'schedules', icon: 'calendar', group: 'main', order: 70 }],
  channels: ['schedule'],
});
