import { CONTACT_LISTS_CHANNELS, CONTACT_LISTS_ERRORS } from '@atendo/contracts/contactLists';
import { contactListRoutes } from '@atendo/api';
import { contactListIdMigrations } from '@atendo/core';
import { contactListMigrations, contactListsProjection } from '@atendo/read';
import { ContactListNumberChecker } from './contactListNumberChecker.js';
import { defineFeature } from '../featureModule.js';

/**
 * The lists of people campaigns are sent to: kept by hand or imported from a spreadsheet, each number checked on
 * WhatsApp by the jobs role (decision 0029).
 */
export const contactLists = defineFeature({
  name: 'contactLists',
  errors: CONTACT_LISTS_ERRORS,
  routes: ({ knex, store, ids, readYourWrites }) => contactListRoutes({ knex, store, ids, readYourWrites }),
  migrations: [...contactListIdMigrations, ...contactListMigrations],
  projections: [contactListsProjection],
  channels: CONTACT_LISTS_CHANNELS,
  processes: ({ knex, databaseUrl, store, log, sessions }) => [new ContactListNumberChecker({ knex, databaseUrl, store, log, ...(sessions ? { sessions } : {}) })],
  probe: {
    resources: { 'contact-lists.id': 'contactList', 'contact-list-items.id': 'contactListItem' },
    async make(b) {
      const list = await b.api<{ id: number }>('/contact-lists', { body: { name: 'Lista da B' } });
      const item = await b.api<{ id: number }>('/contact-list-items', { body: { contactListId: list.id, name: 'Contato da lista da B', number: '5511955550010' } });
      // WhatsApp's check of the list's number (the jobs role, decision 0029) done too: the probe sees B's rows stand still.
      await b.eventually(async () => {
        if ((await b.api<{ isWhatsappValid: boolean | null }>(`/contact-list-items/${item.id}`)).isWhatsappValid === null) throw new Error('the number is not checked yet');
      }, 20_000);
      return { contactList: String(list.id), contactListItem: String(item.id) };
    },
    observe: async (b) => [await b.api('/contact-lists/list'), await b.api(`/contact-list-items?contactListId=${b.theirs.contactList}`)],
    bodyIds: { contactListId: 'contactList' },
    ours: async (a) => ({ contactList: String((await a.api<{ id: number }>('/contact-lists', { body: { name: 'Lista da A' } })).id) }),
    bodies: (a) => ({ 'POST /contact-list-items': { body: { contactListId: Number(a.contactList), name: 'Contato sonda', number: '5511955550021' } } }),
  },
});
