import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { announcementsTranslations } from './i18n';

// Loaded when first opened.
const AnnouncementsPage = lazy(() => import('./AnnouncementsPage').then((m) => ({ default: m.AnnouncementsPage })));

export const announcementsFeature = {
  name: 'announcements',
  pages: [{ path: '/announcements', access: 'private', element: <AnnouncementsPage /> }],
  menu: [{ path: '/announcements', label: 'announcements', icon: 'notifications', group: 'admin', order: 60, permission: 'announcements:manage' }],
  translations: announcementsTranslations,
  channels: ['announcement'],
} satisfies ConsoleFeature;
