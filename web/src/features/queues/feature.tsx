import { lazy } from 'react';
import { QUEUES_PERMISSIONS } from '@atendo/contracts/queues';
import { defineConsoleFeature } from '../feature';
import { queuesTranslations } from './i18n';

// Loaded when first opened.
const QueuesPage = lazy(() => import('./QueuesPage').then((m) => ({ default: m.QueuesPage })));

export const queuesFeature = defineConsoleFeature('queues', queuesTranslations, {
  permissions: [QUEUES_PERMISSIONS],
  pages: [{ path: '/queues', access: 'private', element: <QueuesPage /> }],
  menu: [{ path: '/queues', label: 'queues', icon: 'layers', group: 'admin', order: 110, permission: 'drawer-admin-items:view' }],
  channels: ['queue'],
});
