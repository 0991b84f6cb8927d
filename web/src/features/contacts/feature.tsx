import { lazy } from 'react';
import { CONTACTS_PERMISSIONS } from '@atendo/contracts/contacts';
import { defineConsoleFeature } from '../feature';
import { contactsTranslations } from './i18n';

// Loaded when first opened.
const ContactsPage = lazy(() => import('./ContactsPage').then((m) => ({ default: m.ContactsPage })));

export const contactsFeature = defineConsoleFeature('contacts', contactsTranslations, {
  permissions: [CONTACTS_PERMISSIONS],
  pages: [{ path: '/contacts', access: 'private', element: <ContactsPage /> }],
  menu: [{ path: '/contacts', label: 'contacts', icon: 'people', group: 'main', order: 60 }],
  channels: ['contact'],
});
