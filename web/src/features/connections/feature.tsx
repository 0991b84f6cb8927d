import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { connectionsTranslations } from './i18n';

// Loaded when first opened (the QR code library comes with it).
const ConnectionsPage = lazy(() => import('./ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })));

export const connectionsFeature = {
  name: 'connections',
  pages: [{ path: '/connections', access: 'private', element: <ConnectionsPage /> }],
  menu: [{ path: '/connections', label: 'connections', icon: 'mobile-phone', group: 'admin', order: 90, permission: 'drawer-admin-items:view', badge: 'connections' }],
  translations: connectionsTranslations,
  channels: ['whatsapp', 'whatsappSession'],
} satisfies ConsoleFeature;
