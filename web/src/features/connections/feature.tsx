import { lazy } from 'react';
import { CONNECTIONS_PERMISSIONS } from '@atendo/contracts/connections';
import { defineConsoleFeature } from '../feature';
import { connectionsTranslations } from './i18n';

// Loaded when first opened (the QR code library comes with it).
const ConnectionsPage = lazy(() => import('./ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })));

export const connectionsFeature = defineConsoleFeature('connections', connectionsTranslations, {
  permissions: [CONNECTIONS_PERMISSIONS],
  pages: [{ path: '/connections', access: 'private', element: <ConnectionsPage /> }],
  menu: [{ path: '/connections', label: 'connections', icon: 'mobile-phone', group: 'admin', order: 90, permission: 'drawer-admin-items:view', badge: 'connections' }],
  channels: ['whatsapp', 'whatsappSession'],
});
