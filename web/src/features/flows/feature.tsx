import { lazy } from 'react';
import { FLOWS_PERMISSIONS } from '@atendo/contracts/flows';
import { defineConsoleFeature } from '../feature';
import { flowsTranslations } from './i18n';
import { CshowOnly } from '../../app/CshowOnly';

// Loaded when first opened; the editor brings reactflow with it.
const FlowsPage = lazy(() => import('./FlowsPage').then((m) => ({ default: m.FlowsPage })));
const FlowEditorPage = lazy(() => import('./editor/FlowEditorPage').then((m) => ({ default: m.FlowEditorPage })));
const FlowCampaignsPage = lazy(() => import('./campaigns/FlowCampaignsPage').then((m) => ({ default: m.FlowCampaignsPage })));

export const flowsFeature = defineConsoleFeature('flows', flowsTranslations, {
  permissions: [FLOWS_PERMISSIONS],
  pages: [
    { path: '/flowbuilders', access: 'private', element: <CshowOnly><FlowsPage /></CshowOnly> },
    { path: '/flowbuilder/:id?', access: 'private', element: <CshowOnly><FlowEditorPage /></CshowOnly> },
    { path: '/phrase-lists', access: 'private', element: <CshowOnly><FlowCampaignsPage /></CshowOnly> },
  ],
  menu: [
    { path: '/phrase-lists', label: 'phraseLists', icon: 'key', group: 'admin', order: 40, permission: 'drawer-admin-items:view', cshow: true },
    { path: '/flowbuilders', label: 'flowbuilders', icon: 'flow-branch', group: 'admin', order: 50, permission: 'drawer-admin-items:view', cshow: true },
  ],
  channels: ['flow', 'flowcampaign'],
});
