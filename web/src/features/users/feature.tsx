import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { usersTranslations } from './i18n';

// Loaded when first opened.
const UsersPage = lazy(() => import('./UsersPage').then((m) => ({ default: m.UsersPage })));

export const usersFeature = {
  name: 'users',
  pages: [{ path: '/users', access: 'private', element: <UsersPage /> }],
  menu: [{ path: '/users', label: 'users', icon: 'user', group: 'admin', order: 120, permission: 'drawer-admin-items:view' }],
  translations: usersTranslations,
  channels: ['user'],
} satisfies ConsoleFeature;
