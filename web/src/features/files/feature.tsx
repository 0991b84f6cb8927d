import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { filesTranslations } from './i18n';

// Loaded when first opened.
const FilesPage = lazy(() => import('./FilesPage').then((m) => ({ default: m.FilesPage })));

export const filesFeature = {
  name: 'files',
  pages: [{ path: '/files', access: 'private', element: <FilesPage /> }],
  menu: [{ path: '/files', label: 'files', icon: 'folder-open', group: 'admin', order: 100, permission: 'drawer-admin-items:view' }],
  translations: filesTranslations,
  channels: ['file'],
} satisfies ConsoleFeature;
