import { lazy } from 'react';
import { BILLING_PERMISSIONS } from '@atendo/contracts/billing';
import { defineConsoleFeature } from '../feature';
import { ExpiryGate } from './ExpiryGate';
import { billingTranslations } from './i18n';

// Loaded when first opened; the gate comes with the console (it wraps every page).
const InvoicesPage = lazy(() => import('./InvoicesPage').then((m) => ({ default: m.InvoicesPage })));
const SubscriptionPage = lazy(() => import('./SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })));

// Loaded when its settings tab is first opened.
const ProviderTab = lazy(() => import('./ProviderTab').then((m) => ({ default: m.ProviderTab })));

export const billingFeature = defineConsoleFeature('billing', billingTranslations, {
  permissions: [BILLING_PERMISSIONS],
  pages: [
    { path: '/financeiro', access: 'private', element: <InvoicesPage /> },
    { path: '/subscription', access: 'private', element: <SubscriptionPage /> },
  ],
  menu: [{ path: '/financeiro', label: 'financeiro', icon: 'dollar', group: 'admin', order: 140, permission: 'drawer-admin-items:view' }],
  channels: ['payment'],
  parts: {
    pageGates: [ExpiryGate],
    settingsTabs: [{ id: 'paymentProvider', permission: 'billing:provider', order: 40, panel: ProviderTab }],
  },
});
