import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const QueuesPage = lazy(() => import('./QueuesPage').then((m) => ({ default: m.QueuesPage })));

export const queuesFeature: ConsoleFeature = {
  name: 'queues',
  pages: [{ path: '/queues', access: 'private', element: <QueuesPage /> }],
};
