import { HELPS_PERMISSIONS } from '@atendo/contracts/helps';
import { helpRoutes } from '@atendo/api/helps';
import { helpIdMigrations } from '@atendo/core/helps';
import { helpMigrations, helpsProjection } from '@atendo/read/helps';
import { defineFeature } from '../featureModule.js';

export const helps = defineFeature({
  name: 'helps',
  permissions: HELPS_PERMISSIONS,
  routes: ({ knex, store, ids, readYourWrites }) => helpRoutes({ knex, store, ids, readYourWrites }),
  migrations: [...helpIdMigrations, ...helpMigrations],
  projections: [helpsProjection],
  probe: { resources: { 'helps.id': null } },
});
