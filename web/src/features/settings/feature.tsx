import { lazy } from 'react';
import { SETTINGS_PERMISSIONS } from '@atendo/contracts/settings';
import { defineConsoleFeature } from '../feature';
import { settingsTranslations } from './i18n';

// Loaded when first opened.
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));

export const settingsFeature = defineConsoleFeature('settings', settingsTranslations, {
  permissions: [SETTINGS_PERMISSIONS],
  pages: [{ path: '/settings', access: 'private', element: <SettingsPage /> }],
  menu: [{ path: '/settings', label: 'settings', icon: 'settings', group: 'admin', order: 150, permission: 'drawer-admin-items:view' }],
  channels: ['settings'],
});
