import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const FilesPage = lazy(() => import('./FilesPage').then((m) => ({ default: m.FilesPage })));

export const filesFeature: ConsoleFeature = {
  name: 'files',
  pages: [{ path: '/files', access: 'private', element: <FilesPage /> }],
};
