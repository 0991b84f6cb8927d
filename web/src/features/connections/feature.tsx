import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened (the QR code library comes with it).
const ConnectionsPage = lazy(() => import('./ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })));

export const connectionsFeature: ConsoleFeature = {
  name: 'connections',
  pages: [{ path: '/connections', access: 'private', element: <ConnectionsPage /> }],
};
