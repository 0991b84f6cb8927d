import { ERROR_TEXTS } from '@atendo/contracts';
import type { Translation } from './en';

export const pt: Translation = {
  app: {
    name: 'Atendo',
    loading: 'Carregando…',
    retry: 'Tentar novamente',
  },
  languages: {
    label: 'Idioma',
    pt: 'Português',
    en: 'English',
    es: 'Español',
  },
  topBar: {
    darkTheme: 'Mudar para o tema escuro',
    lightTheme: 'Mudar para o tema claro',
    userMenu: 'Menu do usuário',
    logout: 'Sair',
    connection: {
      online: 'Online',
      connecting: 'Conectando…',
      reconnecting: 'Reconectando…',
    },
  },
  errors: {
    ERR_NETWORK: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    ...ERROR_TEXTS.pt,
  },
};
