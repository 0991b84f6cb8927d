import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of auth: Signing in and sessions, with their texts in each language. */
export const AUTH_ERRORS = defineErrors({
  ERR_INVALID_CREDENTIALS: {
    pt: 'Erro de autenticação. Tente novamente.',
    en: 'Authentication error. Please try again.',
    es: 'Error de autenticación. Inténtalo de nuevo.',
  },
  ERR_SESSION_EXPIRED: {
    pt: 'Sessão expirada. Faça login.',
    en: 'Session expired. Please log in.',
    es: 'La sesión expiró. Inicia sesión.',
  },
  ERR_TOO_MANY_REQUESTS: {
    pt: 'Muitas tentativas. Aguarde um momento e tente novamente.',
    en: 'Too many attempts. Wait a moment and try again.',
    es: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  },
  ERR_INVALID_RESET_CODE: {
    pt: 'Código inválido ou expirado. Peça um novo código.',
    en: 'The code is wrong or has expired. Ask for a new one.',
    es: 'El código es incorrecto o ha caducado. Pide uno nuevo.',
  },
  ERR_MAIL_NOT_SENT: {
    pt: 'Não foi possível enviar o e-mail agora. Tente novamente mais tarde.',
    en: 'The e-mail could not be sent right now. Please try again later.',
    es: 'No se pudo enviar el correo ahora. Inténtalo más tarde.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof AUTH_ERRORS> {}
}
