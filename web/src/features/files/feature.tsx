import { lazy } from 'react';
import { CAMPAIGNS_PERMISSIONS } from '@atendo/contracts/campaigns';
import { defineConsoleFeature } from '../feature';
import { filesTranslations } from './i18n';

// Loaded when first opened.
const FilesPage = lazy(() => import('./FilesPage').then((m) => ({ default: m.FilesPage })));

export const filesFeature = defineConsoleFeature('files', filesTranslations, {
  permissions: [CAMPAIGNS_PERMISSIONS],
  pages: [{ path: '/files', access: 'private', element: <FilesPage /> }],
  menu: [{ path: '/files', label: 'files', icon: 'folder-open', group: 'admin', order: 100, permission: 'drawer-admin-items:view' }],
  channels: ['file'],
});
