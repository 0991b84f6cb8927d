import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { CshowOnly } from '../../app/CshowOnly';

// Loaded when first opened.
const ContactListsPage = lazy(() => import('./ContactListsPage').then((m) => ({ default: m.ContactListsPage })));
const ContactListItemsPage = lazy(() => import('./ContactListItemsPage').then((m) => ({ default: m.ContactListItemsPage })));

/** Contact lists (campaigns send to them): the lists, and one list's contacts with its spreadsheet import. */
export const contactListsFeature: ConsoleFeature = {
  name: 'contactLists',
  pages: [
    { path: '/contact-lists', access: 'private', element: <CshowOnly><ContactListsPage /></CshowOnly> },
    { path: '/contact-lists/:contactListId/contacts', access: 'private', element: <CshowOnly><ContactListItemsPage /></CshowOnly> },
  ],
};
