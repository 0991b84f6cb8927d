import { PLANS_ERRORS, PLANS_PERMISSIONS } from '@atendo/contracts/plans';
import { planRoutes } from '@atendo/api';
import { addComposedPlanFlags, plansMigrations, plansProjection } from '@atendo/read/plans';
import { defineFeature } from '../featureModule.js';
// The plans keep the flags the feature list composes, so this module reads the list's composition. The two modules
// import each other: `planFlags` is read only when the routes are made, a batch is projected or the process starts,
// never while the modules load (decision 0051).
import { planFlags } from '../index.js';

/**
 * The platform's plans: limits, value, and one switch per plan flag the features declare (decision 0051): a feature's
 * flag comes to the plans' bodies, answers and read model with no edit here.
 */
export const plans = defineFeature({
  name: 'plans',
  permissions: PLANS_PERMISSIONS,
  migrations: plansMigrations,
  // A flag a feature added since the plans were made is named on every plan at its default before anything reads them.
  provides: async ({ knex }) => {
    await addComposedPlanFlags(knex, planFlags);
    return {};
  },
  routes: ({ knex, store, ids, readYourWrites }) => planRoutes({ knex, store, ids, readYourWrites, planFlags }),
  projections: [plansProjection(() => planFlags)],
  errors: PLANS_ERRORS,
  probe: { resources: { 'plans.id': null }, bodyIds: { planId: null } },
});
