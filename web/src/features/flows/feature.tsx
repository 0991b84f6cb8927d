import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { CshowOnly } from '../../app/CshowOnly';

// Loaded when first opened; the editor brings reactflow with it.
const FlowsPage = lazy(() => import('./FlowsPage').then((m) => ({ default: m.FlowsPage })));
const FlowEditorPage = lazy(() => import('./editor/FlowEditorPage').then((m) => ({ default: m.FlowEditorPage })));
const FlowCampaignsPage = lazy(() => import('./campaigns/FlowCampaignsPage').then((m) => ({ default: m.FlowCampaignsPage })));

export const flowsFeature: ConsoleFeature = {
  name: 'flows',
  pages: [
    { path: '/flowbuilders', access: 'private', element: <CshowOnly><FlowsPage /></CshowOnly> },
    { path: '/flowbuilder/:id?', access: 'private', element: <CshowOnly><FlowEditorPage /></CshowOnly> },
    { path: '/phrase-lists', access: 'private', element: <CshowOnly><FlowCampaignsPage /></CshowOnly> },
  ],
};
