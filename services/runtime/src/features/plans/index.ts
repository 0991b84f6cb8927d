import { PLANS_ERRORS, PLANS_PERMISSIONS } from '@atendo/contracts/plans';
import { planRoutes } from '@atendo/api';
import { plansProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

export const plans = defineFeature({
  name: 'plans',
  permissions: PLANS_PERMISSIONS,
  routes: ({ knex, store, ids, readYourWrites }) => planRoutes({ knex, store, ids, readYourWrites }),
  projections: [plansProjection],
  errors: PLANS_ERRORS,
  probe: { resources: { 'plans.id': null }, bodyIds: { planId: null } },
});
