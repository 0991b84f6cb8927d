import { lazy } from 'react';
import { MESSAGES_PLAN_FLAGS } from '@atendo/contracts/messages';
import { defineConsoleFeature } from '../feature';
import { messagesTranslations } from './i18n';

// Loaded when first opened.
const MessagesApiPage = lazy(() => import('./MessagesApiPage').then((m) => ({ default: m.MessagesApiPage })));

/** The messages API (the server's messages): its documentation and test forms. */
export const messagesFeature = defineConsoleFeature('messages', messagesTranslations, {
  planFlags: [MESSAGES_PLAN_FLAGS],
  pages: [{ path: '/messages-api', access: 'private', element: <MessagesApiPage /> }],
  menu: [{ path: '/messages-api', label: 'messagesApi', icon: 'code', group: 'admin', order: 130, permission: 'drawer-admin-items:view', planFlags: ['useExternalApi'] }],
});
