import { CONTACT_LISTS_ERRORS } from '@atendo/contracts';
import { contactListRoutes } from '@atendo/api';
import { contactListIdMigrations } from '@atendo/core';
import { contactListMigrations, contactListsProjection } from '@atendo/read';
import { ContactListNumberChecker } from './contactLists/contactListNumberChecker.js';
import { defineFeature } from './featureModule.js';

/**
 * The lists of people campaigns are sent to: kept by hand or imported from a spreadsheet, each number checked on
 * WhatsApp by the jobs role (decision 0029).
 */
export const contactLists = defineFeature({
  name: 'contactLists',
  errors: CONTACT_LISTS_ERRORS,
  routes: ({ knex, store, ids, api }) => contactListRoutes({ knex, store, ids, readYourWrites: api.readYourWrites }),
  migrations: [...contactListIdMigrations, ...contactListMigrations],
  projections: [contactListsProjection],
  channels: ['ContactList', 'ContactListItem'],
  processes: ({ knex, databaseUrl, store, log, sessions }) => [new ContactListNumberChecker({ knex, databaseUrl, store, log, ...(sessions ? { sessions } : {}) })],
});
