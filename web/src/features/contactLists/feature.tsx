import { lazy } from 'react';
import { CAMPAIGNS_PLAN_FLAGS } from '@atendo/contracts/campaigns';
import { defineConsoleFeature } from '../feature';
import { contactListsTranslations } from './i18n';
import { CshowOnly } from '../../app/CshowOnly';

// Loaded when first opened.
const ContactListsPage = lazy(() => import('./ContactListsPage').then((m) => ({ default: m.ContactListsPage })));
const ContactListItemsPage = lazy(() => import('./ContactListItemsPage').then((m) => ({ default: m.ContactListItemsPage })));

/** Contact lists (campaigns send to them): the lists, and one list's contacts with its spreadsheet import. */
export const contactListsFeature = defineConsoleFeature('contactLists', contactListsTranslations, {
  planFlags: [CAMPAIGNS_PLAN_FLAGS],
  pages: [
    { path: '/contact-lists', access: 'private', element: <CshowOnly><ContactListsPage /></CshowOnly> },
    { path: '/contact-lists/:contactListId/contacts', access: 'private', element: <CshowOnly><ContactListItemsPage /></CshowOnly> },
  ],
  menu: [{ path: '/contact-lists', label: 'contactLists', icon: 'list', group: 'admin', order: 20, permission: 'drawer-admin-items:view', planFlags: ['useCampaigns'], cshow: true }],
  channels: ['ContactList', 'ContactListItem'],
});
