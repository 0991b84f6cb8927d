import { lazy } from 'react';
import { USERS_PERMISSIONS } from '@atendo/contracts/users';
import { defineConsoleFeature } from '../feature';
import { usersTranslations } from './i18n';

// Loaded when first opened.
const UsersPage = lazy(() => import('./UsersPage').then((m) => ({ default: m.UsersPage })));

export const usersFeature = defineConsoleFeature('users', usersTranslations, {
  permissions: [USERS_PERMISSIONS],
  pages: [{ path: '/users', access: 'private', element: <UsersPage /> }],
  menu: [{ path: '/users', label: 'users', icon: 'user', group: 'admin', order: 120, permission: 'drawer-admin-items:view' }],
  channels: ['user'],
});
