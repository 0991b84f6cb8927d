import { defineErrors, type CodesOf } from '../errors.js';

/** Codes of the platform itself, answered by every feature's routes, with their texts in each language. */
export const PLATFORM_ERRORS = defineErrors({
  ERR_INTERNAL_SERVER_ERROR: {
    pt: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    en: 'An unexpected error occurred. Please try again later.',
    es: 'Ocurrió un error inesperado. Inténtalo más tarde.',
  },
  ERR_VALIDATION: {
    pt: 'Há campos faltando ou inválidos. Verifique e tente novamente.',
    en: 'Some fields are missing or invalid. Check them and try again.',
    es: 'Faltan campos o no son válidos. Revísalos e inténtalo de nuevo.',
  },
  ERR_NO_PERMISSION: {
    pt: 'Você não tem permissão para acessar este recurso.',
    en: 'You do not have permission to access this resource.',
    es: 'No tienes permiso para acceder a este recurso.',
  },
  ERR_NOT_FOUND: {
    pt: 'Não encontrado.',
    en: 'Not found.',
    es: 'No encontrado.',
  },
  ERR_CONCURRENCY_CONFLICT: {
    pt: 'Outra pessoa alterou isto ao mesmo tempo. Tente novamente.',
    en: 'Someone else changed this at the same time. Please try again.',
    es: 'Otra persona cambió esto al mismo tiempo. Inténtalo de nuevo.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof PLATFORM_ERRORS> {}
}
