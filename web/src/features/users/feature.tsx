import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const UsersPage = lazy(() => import('./UsersPage').then((m) => ({ default: m.UsersPage })));

export const usersFeature: ConsoleFeature = {
  name: 'users',
  pages: [{ path: '/users', access: 'private', element: <UsersPage /> }],
};
