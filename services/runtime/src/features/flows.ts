import { FLOWS_ERRORS } from '@atendo/contracts';
import { flowRoutes } from '@atendo/api';
import { flowIdMigrations, flowSecretMigrations } from '@atendo/core';
import { flowsMigrations, flowsProjection } from '@atendo/read';
import { FlowRunner, flowRunMigrations } from './flows/flowRunner.js';
import { defineFeature } from './featureModule.js';

/**
 * Flows (issue 13): the flow builder's flows and their published versions, the phrase campaigns that start them,
 * and the runner (jobs role) that carries executions out between the conversation and the blocks' plugins.
 */
export const flows = defineFeature({
  name: 'flows',
  errors: FLOWS_ERRORS,
  routes: ({ knex, store, ids, api, media, plugins, secrets }) => flowRoutes({ knex, store, ids, storage: media.storage, registry: plugins, secrets, readYourWrites: api.readYourWrites }),
  migrations: [...flowIdMigrations, ...flowSecretMigrations, ...flowsMigrations, ...flowRunMigrations],
  projections: [flowsProjection],
  channels: ['flow', 'flowcampaign'],
  processes: ({ knex, databaseUrl, store, conversations, plugins, secrets, media, log, clock, flowRandom, allowPrivateUrls, flowEffectConcurrency }) => [
    new FlowRunner({ knex, databaseUrl, store, conversations, plugins, secrets, blobs: media.blobs, log, clock, allowPrivateUrls, ...(flowRandom ? { random: flowRandom } : {}), ...(flowEffectConcurrency ? { effectConcurrency: flowEffectConcurrency } : {}) }),
  ],
});
