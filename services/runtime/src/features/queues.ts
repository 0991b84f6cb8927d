import { QUEUES_ERRORS } from '@atendo/contracts';
import { queueRoutes } from '@atendo/api';
import { queuesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const queues = defineFeature({
  name: 'queues',
  errors: QUEUES_ERRORS,
  routes: (deps) => queueRoutes(deps.api),
  projections: [queuesProjection],
  channels: ['queue'],
});
