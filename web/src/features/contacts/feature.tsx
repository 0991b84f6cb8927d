import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { contactsTranslations } from './i18n';

// Loaded when first opened.
const ContactsPage = lazy(() => import('./ContactsPage').then((m) => ({ default: m.ContactsPage })));

export const contactsFeature = {
  name: 'contacts',
  pages: [{ path: '/contacts', access: 'private', element: <ContactsPage /> }],
  menu: [{ path: '/contacts', label: 'contacts', icon: 'people', group: 'main', order: 60 }],
  translations: contactsTranslations,
  channels: ['contact'],
} satisfies ConsoleFeature;
