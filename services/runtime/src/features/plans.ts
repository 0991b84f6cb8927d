import { plansProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const plans = defineFeature({
  name: 'plans',
  projections: [plansProjection],
});
