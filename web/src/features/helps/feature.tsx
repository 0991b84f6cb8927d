import { lazy } from 'react';
import { HELPS_PERMISSIONS } from '@atendo/contracts/helps';
import { defineConsoleFeature } from '../feature';
import { helpsTranslations } from './i18n';

// Loaded when first opened.
const HelpsPage = lazy(() => import('./HelpsPage').then((m) => ({ default: m.HelpsPage })));

// Loaded when its tab is first opened.
const HelpsTab = lazy(() => import('./HelpsTab').then((m) => ({ default: m.HelpsTab })));

export const helpsFeature = defineConsoleFeature('helps', helpsTranslations, {
  permissions: [HELPS_PERMISSIONS],
  pages: [{ path: '/helps', access: 'private', element: <HelpsPage /> }],
  menu: [{ path: '/helps', label: 'helps', icon: 'help', group: 'main', order: 100 }],
  parts: { settingsTabs: [{ id: 'helps', permission: 'helps:manage', order: 30, panel: HelpsTab }] },
});
