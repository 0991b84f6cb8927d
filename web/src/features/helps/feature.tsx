import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const HelpsPage = lazy(() => import('./HelpsPage').then((m) => ({ default: m.HelpsPage })));

export const helpsFeature: ConsoleFeature = {
  name: 'helps',
  pages: [{ path: '/helps', access: 'private', element: <HelpsPage /> }],
};
