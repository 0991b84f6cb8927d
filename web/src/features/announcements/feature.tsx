import { lazy } from 'react';
import { ANNOUNCEMENTS_PERMISSIONS } from '@atendo/contracts/announcements';
import { defineConsoleFeature } from '../feature';
import { announcementsTranslations } from './i18n';

// Loaded when first opened.
const AnnouncementsPage = lazy(() => import('./AnnouncementsPage').then((m) => ({ default: m.AnnouncementsPage })));

export const announcementsFeature = defineConsoleFeature('announcements', announcementsTranslations, {
  permissions: [ANNOUNCEMENTS_PERMISSIONS],
  pages: [{ path: '/announcements', access: 'private', element: <AnnouncementsPage /> }],
  menu: [{ path: '/announcements', label: 'announcements', icon: 'notifications', group: 'admin', order: 60, permission: 'announcements:manage' }],
  channels: ['announcement'],
});
