import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { queuesTranslations } from './i18n';

// Loaded when first opened.
const QueuesPage = lazy(() => import('./QueuesPage').then((m) => ({ default: m.QueuesPage })));

export const queuesFeature = {
  name: 'queues',
  pages: [{ path: '/queues', access: 'private', element: <QueuesPage /> }],
  menu: [{ path: '/queues', label: 'queues', icon: 'layers', group: 'admin', order: 110, permission: 'drawer-admin-items:view' }],
  translations: queuesTranslations,
  channels: ['queue'],
} satisfies ConsoleFeature;
