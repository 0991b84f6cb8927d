import { QUEUES_CHANNELS, QUEUES_ERRORS, QUEUES_PERMISSIONS } from '@atendo/contracts/queues';
import { queueRoutes } from '@atendo/api';
import { queueOptionsProjection, queuesMigrations, queuesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const queues = defineFeature({
  name: 'queues',
  permissions: QUEUES_PERMISSIONS,
  errors: QUEUES_ERRORS,
  routes: ({ api, knex, store, ids }) => queueRoutes({ api, knex, store, ids }),
  // A queue's hours, integration and prompt; its chatbot menu.
  migrations: queuesMigrations,
  projections: [queuesProjection, queueOptionsProjection],
  channels: QUEUES_CHANNELS,
});
