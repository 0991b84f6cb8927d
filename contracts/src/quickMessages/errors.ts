import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of quick messages, with their texts in each language. */
export const QUICK_MESSAGES_ERRORS = defineErrors({
  ERR_QUICK_MESSAGE_NOT_FOUND: {
    pt: 'Nenhuma resposta rápida encontrada com este ID.',
    en: 'No quick message found with this ID.',
    es: 'No se encontró ninguna respuesta rápida con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof QUICK_MESSAGES_ERRORS> {}
}
