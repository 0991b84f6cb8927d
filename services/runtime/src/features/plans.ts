import { PLANS_ERRORS } from '@atendo/contracts/plans';
import { planRoutes } from '@atendo/api';
import { plansProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const plans = defineFeature({
  name: 'plans',
  routes: ({ knex, store, ids, api }) => planRoutes({ knex, store, ids, readYourWrites: api.readYourWrites }),
  projections: [plansProjection],
  errors: PLANS_ERRORS,
});
