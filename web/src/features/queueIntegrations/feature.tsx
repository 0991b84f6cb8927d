import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const QueueIntegrationsPage = lazy(() => import('./QueueIntegrationsPage').then((m) => ({ default: m.QueueIntegrationsPage })));

export const queueIntegrationsFeature: ConsoleFeature = {
  name: 'queueIntegrations',
  pages: [{ path: '/queue-integration', access: 'private', element: <QueueIntegrationsPage /> }],
};
