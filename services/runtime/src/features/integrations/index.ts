import { INTEGRATIONS_CHANNELS, INTEGRATIONS_ERRORS, INTEGRATIONS_PERMISSIONS, INTEGRATIONS_PLAN_FLAGS } from '@atendo/contracts/integrations';
import { promptRoutes, queueIntegrationRoutes } from '@atendo/api';
import { integrationIdMigrations } from '@atendo/core';
import { integrationMigrations, integrationsProjection } from '@atendo/read';
import { outsideFetch } from '../../platform/outsideFetch.js';
import { defineFeature } from '../featureModule.js';
import { botsInbound } from './botsInbound.js';

/** A's assistant, as the body probe makes and sends it: answering in A's first queue. */
const promptOfA = (a: Readonly<Record<string, string>>) => ({
  name: 'Assistente da A',
  prompt: 'Você é o assistente da A. Responda com educação e passe o ticket para a fila.',
  model: 'gpt-4o-mini',
  maxTokens: 100,
  temperature: 1,
  apiKey: 'sk-da-A-0000000000000000',
  queueId: Number(a.queue),
  maxMessages: 10,
});

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
    bodyIds: { promptId: 'prompt', integrationId: 'queueIntegration' },
    async ours(a) {
      const prompt = await a.api<{ id: number }>('/prompt', { body: promptOfA(a.theirs) });
      const integration = await a.api<{ id: number }>('/queueIntegration', { body: { type: 'flowbuilder', name: 'Integração da A', flowId: Number(a.theirs.flow) } });
      return { prompt: String(prompt.id), queueIntegration: String(integration.id) };
    },
    bodies: (a) => ({
      'POST /prompt': { body: promptOfA(a) },
      'PUT /prompt/{id}': { path: a.prompt, body: promptOfA(a) },
      'POST /queueIntegration': { body: { type: 'flowbuilder', name: 'Integração sonda', flowId: Number(a.flow) } },
      'PUT /queueIntegration/{id}': { path: a.queueIntegration, body: { type: 'flowbuilder', name: 'Integração da A', flowId: Number(a.flow) } },
      // The masked key stands for the named integration's: B's is refused. (A's own would ask Dialogflow itself.)
      'POST /queueIntegration/testSession': { body: { projectName: 'sonda', jsonContent: '••••', language: 'pt-BR', text: 'oi' }, outside: true },
    }),
  },
});
