import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));

export const settingsFeature: ConsoleFeature = {
  name: 'settings',
  pages: [{ path: '/settings', access: 'private', element: <SettingsPage /> }],
};
