import { ERROR_TEXTS } from '@atendo/contracts';
import type { Translation } from './en';

export const es: Translation = {
  app: {
    name: 'Atendo',
    loading: 'Cargando…',
    retry: 'Reintentar',
  },
  languages: {
    label: 'Idioma',
    pt: 'Português',
    en: 'English',
    es: 'Español',
  },
  topBar: {
    darkTheme: 'Cambiar al tema oscuro',
    lightTheme: 'Cambiar al tema claro',
    userMenu: 'Menú de usuario',
    logout: 'Cerrar sesión',
    connection: {
      online: 'En línea',
      connecting: 'Conectando…',
      reconnecting: 'Reconectando…',
    },
  },
  errors: {
    ERR_NETWORK: 'No se pudo contactar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    ...ERROR_TEXTS.es,
  },
};
