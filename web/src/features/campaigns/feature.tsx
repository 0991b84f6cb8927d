import { lazy } from 'react';
import { CAMPAIGNS_PERMISSIONS, CAMPAIGNS_PLAN_FLAGS } from '@atendo/contracts/campaigns';
import { defineConsoleFeature } from '../feature';
import { campaignsTranslations } from './i18n';
import { CshowOnly } from '../../app/CshowOnly';

// Loaded when first opened.
const CampaignsPage = lazy(() => import('./CampaignsPage').then((m) => ({ default: m.CampaignsPage })));
const CampaignReportPage = lazy(() => import('./CampaignReportPage').then((m) => ({ default: m.CampaignReportPage })));
const CampaignSettingsPage = lazy(() => import('./CampaignSettingsPage').then((m) => ({ default: m.CampaignSettingsPage })));

/** Mass-message campaigns, their report and the company's campaign settings (spec §2: cshow routes). */
export const campaignsFeature = defineConsoleFeature('campaigns', campaignsTranslations, {
  planFlags: [CAMPAIGNS_PLAN_FLAGS],
  permissions: [CAMPAIGNS_PERMISSIONS],
  pages: [
    { path: '/campaigns', access: 'private', element: <CshowOnly><CampaignsPage /></CshowOnly> },
    { path: '/campaign/:campaignId/report', access: 'private', element: <CshowOnly><CampaignReportPage /></CshowOnly> },
    { path: '/campaigns-config', access: 'private', element: <CshowOnly><CampaignSettingsPage /></CshowOnly> },
  ],
  menu: [
    { path: '/campaigns', label: 'campaigns', icon: 'send-message', group: 'admin', order: 10, permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true },
    { path: '/campaigns-config', label: 'campaignsConfig', icon: 'cog', group: 'admin', order: 30, permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true },
  ],
  channels: ['campaign'],
});
