import { INTEGRATIONS_CHANNELS, INTEGRATIONS_ERRORS, INTEGRATIONS_PERMISSIONS, INTEGRATIONS_PLAN_FLAGS } from '@atendo/contracts/integrations';
import { promptRoutes, queueIntegrationRoutes } from '@atendo/api';
import { integrationIdMigrations } from '@atendo/core';
import { integrationMigrations, integrationsProjection } from '@atendo/read';
import { outsideFetch } from '../../platform/outsideFetch.js';
import { defineFeature } from '../featureModule.js';
import { botsInbound } from './botsInbound.js';

/**
 * Prompts and queue integrations (issue 15): the automations a queue or a connection hands its conversations to, kept
 * by the company's admins; the flow runner reads their versions and reports how their outside calls fare.
 */
export const integrations = defineFeature({
  name: 'integrations',
  permissions: INTEGRATIONS_PERMISSIONS,
  planFlags: INTEGRATIONS_PLAN_FLAGS,
  errors: INTEGRATIONS_ERRORS,
  routes: ({ knex, store, ids, api, plugins, secrets, allowPrivateUrls }) => [
    ...promptRoutes({ api, knex, store, ids, secrets }),
    // The test session reaches what the runner's calls may reach: private addresses only where FLOW_PRIVATE_URLS allows.
    ...queueIntegrationRoutes({ api, knex, store, ids, secrets, registry: plugins, fetch: outsideFetch({ allowPrivate: allowPrivateUrls }) }),
  ],
  migrations: [...integrationIdMigrations, ...integrationMigrations],
  projections: [integrationsProjection],
  channels: INTEGRATIONS_CHANNELS,
  inbound: botsInbound,
  probe: {
    resources: { 'prompt.id': 'prompt', 'queueIntegration.id': 'queueIntegration' },
    async make(b) {
      const prompt = await b.api<{ id: number }>('/prompt', {
        body: { name: 'Assistente da B', prompt: 'Você é o assistente da B. Responda com educação e passe o ticket para a fila quando pedirem.', model: 'gpt-4o-mini', maxTokens: 100, temperature: 1, apiKey: 'sk-da-B-0000000000000000', queueId: Number(b.theirs.queue), maxMessages: 10 },
      });
      const integration = await b.api<{ id: number }>('/queueIntegration', { body: { type: 'webhook', name: 'Webhook da B', urlN8N: 'https://hooks.example.com/b', webhookSecret: 'segredo-da-B-0000000000' } });
      return { prompt: String(prompt.id), queueIntegration: String(integration.id) };
    },
    observe: async (b) => [await b.api('/prompt'), await b.api('/queueIntegration')],
  },
});
