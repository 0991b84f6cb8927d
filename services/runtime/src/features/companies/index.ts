import { COMPANIES_ERRORS, COMPANIES_PERMISSIONS } from '@atendo/contracts/companies';
import { companyRoutes } from '@atendo/api';
import { companiesMigrations, companiesProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

/** Companies: sign-up, the super users' list, each company's plan lookup and opening hours. */
export const companies = defineFeature({
  name: 'companies',
  permissions: COMPANIES_PERMISSIONS,
  routes: ({ knex, store, ids, auth, readYourWrites }) => companyRoutes({ knex, store, ids, credentials: auth.credentials, readYourWrites }),
  migrations: companiesMigrations,
  projections: [companiesProjection],
  errors: COMPANIES_ERRORS,
  probe: { resources: { 'companies.id': 'company', 'companies.companyId': 'company' } },
});
