import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const ContactsPage = lazy(() => import('./ContactsPage').then((m) => ({ default: m.ContactsPage })));

export const contactsFeature: ConsoleFeature = {
  name: 'contacts',
  pages: [{ path: '/contacts', access: 'private', element: <ContactsPage /> }],
};
