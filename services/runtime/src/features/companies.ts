import { companiesMigrations, companiesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const companies = defineFeature({
  name: 'companies',
  migrations: companiesMigrations,
  projections: [companiesProjection],
  errors: ['ERR_SUBSCRIPTION_EXPIRED'],
});
