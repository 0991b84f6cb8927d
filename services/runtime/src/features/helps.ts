import { helpIdMigrations } from '@atendo/core';
import { helpMigrations, helpsProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const helps = defineFeature({
  name: 'helps',
  migrations: [...helpIdMigrations, ...helpMigrations],
  projections: [helpsProjection],
});
