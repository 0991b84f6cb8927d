import { ERROR_TEXTS } from './featureBundles';
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
    volume: 'Volumen de las notificaciones',
    refresh: 'Recargar la página',
    more: 'Más opciones',
    greeting: 'Hola {{name}}',
    dueDate: 'La suscripción vence el {{date}}',
    announcements: {
      title: 'Anuncios',
      button: 'Anuncios: {{count}}',
      none: 'No hay anuncios',
      image: 'Imagen del anuncio',
      priority1: 'Prioridad alta',
      priority2: 'Prioridad media',
      priority3: 'Prioridad baja',
    },
    notifications: {
      title: 'Atenciones en espera',
      button: 'Atenciones en espera: {{count}}',
      none: 'Ninguna atención te está esperando',
    },
    connection: {
      online: 'En línea',
      connecting: 'Conectando…',
      reconnecting: 'Reconectando…',
    },
  },
  menu: {
    chats: 'Chat interno',
    administration: 'Administración',
    financeiro: 'Facturas',
    toggle: 'Mostrar u ocultar el menú',
    connectionsAlert: 'Una conexión necesita atención',
  },
  shell: {
    notYet: 'Esta parte de Atendo aún no está disponible. Llega en una próxima versión.',
    notFound: 'Aquí no hay ninguna página.',
    backToTickets: 'Volver a las atenciones',
  },
  errors: {
    ERR_NETWORK: 'No se pudo contactar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    ...ERROR_TEXTS.es,
  },
};
