import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { contactsTranslations } from './i18n';

// Loaded when first opened.
const ContactsPage = lazy(() => import('./ContactsPage').then((m) => ({ default: m.ContactsPage })));

export const contactsFeature = defineConsoleFeature('contacts', contactsTranslations, {
  pages: [{ path: '/contacts', access: 'private', element: <ContactsPage /> }],
  menu: [{ path: '/contacts', label: 'contacts', icon: 'people', group: 'main', order: 60 }],
  channels: ['contact'],
});
