import { COMPANIES_ERRORS } from '@atendo/contracts';
import { companiesMigrations, companiesProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const companies = defineFeature({
  name: 'companies',
  migrations: companiesMigrations,
  projections: [companiesProjection],
  errors: COMPANIES_ERRORS,
});
