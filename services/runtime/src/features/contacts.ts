import { CONTACTS_CHANNELS, CONTACTS_ERRORS, CONTACTS_PERMISSIONS } from '@atendo/contracts/contacts';
import { contactRoutes } from '@atendo/api';
import { contactMigrations, contactsFeed } from '@atendo/read';
import { defineFeature } from './featureModule.js';

/**
 * The contact record's rules live in the customer stream and its rows in the tickets projection; here its extra
 * information and imports (migrations), the `contact` channel, and its routes (search, edit, export, import).
 */
export const contacts = defineFeature({
  name: 'contacts',
  permissions: CONTACTS_PERMISSIONS,
  errors: CONTACTS_ERRORS,
  migrations: contactMigrations,
  projections: [contactsFeed],
  channels: CONTACTS_CHANNELS,
  routes: ({ api, knex, ids }) => contactRoutes({ api, knex, ids }),
});
