import { lazy } from 'react';
import { INTEGRATIONS_PERMISSIONS, INTEGRATIONS_PLAN_FLAGS } from '@atendo/contracts/integrations';
import { defineConsoleFeature } from '../feature';
import { integrationsTranslations } from './i18n';

// Loaded when first opened.
const PromptsPage = lazy(() => import('./PromptsPage').then((m) => ({ default: m.PromptsPage })));
const QueueIntegrationsPage = lazy(() => import('./QueueIntegrationsPage').then((m) => ({ default: m.QueueIntegrationsPage })));

/** The automations a queue answers with (the server's integrations): OpenAI prompts and the queue integrations. */
export const integrationsFeature = defineConsoleFeature('integrations', integrationsTranslations, {
  planFlags: [INTEGRATIONS_PLAN_FLAGS],
  permissions: [INTEGRATIONS_PERMISSIONS],
  pages: [
    { path: '/prompts', access: 'private', element: <PromptsPage /> },
    { path: '/queue-integration', access: 'private', element: <QueueIntegrationsPage /> },
  ],
  menu: [
    { path: '/prompts', label: 'prompts', icon: 'predictive-analysis', group: 'admin', order: 70, permission: 'drawer-admin-items:view', planFlags: ['useOpenAi'] },
    { path: '/queue-integration', label: 'queueIntegration', icon: 'data-connection', group: 'admin', order: 80, permission: 'drawer-admin-items:view', planFlags: ['useIntegrations'] },
  ],
  channels: ['prompt', 'queueIntegration'],
});
