import { INTEGRATIONS_ERRORS } from '@atendo/contracts';
import { promptRoutes, queueIntegrationRoutes } from '@atendo/api';
import { integrationIdMigrations } from '@atendo/core';
import { integrationMigrations, integrationsProjection } from '@atendo/read';
import { outsideFetch } from '../platform/outsideFetch.js';
import { defineFeature } from './featureModule.js';

/**
 * Prompts and queue integrations (issue 15): the automations a queue or a connection hands its conversations to, kept
 * by the company's admins; the flow runner reads their versions and reports how their outside calls fare.
 */
export const integrations = defineFeature({
  name: 'integrations',
  errors: INTEGRATIONS_ERRORS,
  routes: ({ knex, store, ids, api, plugins, secrets, allowPrivateUrls }) => [
    ...promptRoutes({ api, knex, store, ids, secrets }),
    // The test session reaches what the runner's calls may reach: private addresses only where FLOW_PRIVATE_URLS allows.
    ...queueIntegrationRoutes({ api, knex, store, ids, secrets, registry: plugins, fetch: outsideFetch({ allowPrivate: allowPrivateUrls }) }),
  ],
  migrations: [...integrationIdMigrations, ...integrationMigrations],
  projections: [integrationsProjection],
  channels: ['prompt', 'queueIntegration'],
});
