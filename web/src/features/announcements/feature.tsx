import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const AnnouncementsPage = lazy(() => import('./AnnouncementsPage').then((m) => ({ default: m.AnnouncementsPage })));

export const announcementsFeature: ConsoleFeature = {
  name: 'announcements',
  pages: [{ path: '/announcements', access: 'private', element: <AnnouncementsPage /> }],
};
