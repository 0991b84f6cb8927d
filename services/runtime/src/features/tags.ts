import { TAGS_CHANNELS, TAGS_ERRORS, TAGS_PERMISSIONS, TAGS_PLAN_FLAGS } from '@atendo/contracts/tags';
import { tagRoutes } from '@atendo/api';
import { tagIdMigrations } from '@atendo/core';
import { tagsMigrations, tagsProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const tags = defineFeature({
  name: 'tags',
  permissions: TAGS_PERMISSIONS,
  planFlags: TAGS_PLAN_FLAGS,
  errors: TAGS_ERRORS,
  routes: ({ api, knex, store, ids }) => tagRoutes({ api, knex, store, ids }),
  migrations: [...tagIdMigrations, ...tagsMigrations],
  projections: [tagsProjection],
  channels: TAGS_CHANNELS,
});
