import { CONTACTS_CHANNELS, CONTACTS_ERRORS, CONTACTS_PERMISSIONS } from '@atendo/contracts/contacts';
import { contactRoutes } from '@atendo/api';
import { contactMigrations, contactsFeed } from '@atendo/read';
import { contactRules } from '@atendo/core';
import { defineFeature } from '../featureModule.js';

/**
 * The contact record's rules live in the customer stream and its rows in the tickets projection; here its extra
 * information and imports (migrations), the `contact` channel, and its routes (search, edit, export, import).
 */
export const contacts = defineFeature({
  name: 'contacts',
  conversation: [contactRules],
  permissions: CONTACTS_PERMISSIONS,
  errors: CONTACTS_ERRORS,
  migrations: contactMigrations,
  projections: [contactsFeed],
  channels: CONTACTS_CHANNELS,
  routes: ({ api, knex, ids }) => contactRoutes({ api, knex, ids }),
  probe: {
    resources: { 'contacts.id': 'ticketContact', 'contacts.jobId': 'contactImport' },
    async make(b) {
      const sheet = new FormData();
      sheet.append('file', new Blob(['name;number\nContato da B;5511955550009\n']), 'b.csv');
      const contactImport = await b.api<{ id: string }>('/contacts/import', { method: 'POST', form: sheet });
      // Finished before the probe counts events.
      await b.eventually(async () => {
        if ((await b.api<{ status: string }>(`/contacts/import/${contactImport.id}`)).status !== 'done') throw new Error('the import is not done yet');
      });
      return { contactImport: contactImport.id };
    },
    observe: (b) => b.api(`/contacts/${b.theirs.ticketContact}`),
  },
});
