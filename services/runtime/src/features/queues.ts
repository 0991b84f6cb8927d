import { queuesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const queues = defineFeature({
  name: 'queues',
  projections: [queuesProjection],
  channels: ['queue'],
});
