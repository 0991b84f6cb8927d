import type { ErrorCode } from '@atendo/contracts';
import { ERROR_TEXTS } from './featureBundles';

export const en = {
  app: {
    name: 'Atendo',
    loading: 'Loading…',
    retry: 'Try again',
  },
  languages: {
    label: 'Language',
    pt: 'Português',
    en: 'English',
    es: 'Español',
  },
  topBar: {
    darkTheme: 'Switch to dark theme',
    lightTheme: 'Switch to light theme',
    userMenu: 'User menu',
    logout: 'Log out',
    volume: 'Notification volume',
    refresh: 'Reload the page',
    more: 'More options',
    greeting: 'Hello {{name}}',
    dueDate: 'Subscription due {{date}}',
    announcements: {
      title: 'Announcements',
      button: 'Announcements: {{count}}',
      none: 'No announcements',
      image: 'Announcement image',
      priority1: 'High priority',
      priority2: 'Medium priority',
      priority3: 'Low priority',
    },
    notifications: {
      title: 'Waiting tickets',
      button: 'Waiting tickets: {{count}}',
      none: 'No ticket is waiting for you',
    },
    connection: {
      online: 'Online',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
    },
  },
  menu: {
    chats: 'Internal chat',
    administration: 'Administration',
    financeiro: 'Invoices',
    toggle: 'Show or hide the menu',
    connectionsAlert: 'A connection needs attention',
  },
  shell: {
    notYet: 'This part of Atendo is not available yet. It comes in a later release.',
    notFound: 'There is no page here.',
    backToTickets: 'Back to tickets',
  },
  errors: {
    ERR_NETWORK: 'Could not reach the server. Check your connection and try again.',
    ...ERROR_TEXTS.en,
  } satisfies Record<ErrorCode | 'ERR_NETWORK', string>,
};

/** The shape every language must fill (same keys as English). */
export type Translation = typeof en;
