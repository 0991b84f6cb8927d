import { ERROR_TEXTS } from '@atendo/contracts';
import type { ErrorCode } from '@atendo/contracts';

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
    connection: {
      online: 'Online',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting…',
    },
  },
  errors: {
    ERR_NETWORK: 'Could not reach the server. Check your connection and try again.',
    ...ERROR_TEXTS.en,
  } satisfies Record<ErrorCode | 'ERR_NETWORK', string>,
};

/** The shape every language must fill (same keys as English). */
export type Translation = typeof en;
