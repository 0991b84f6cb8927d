import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of queues: Queues, with their texts in each language. */
export const QUEUES_ERRORS = defineErrors({
  ERR_QUEUE_COLOR_ALREADY_EXISTS: {
    pt: 'Esta cor já está em uso; escolha outra.',
    en: 'This colour is already in use; choose another one.',
    es: 'Este color ya está en uso; elige otro.',
  },
  ERR_QUEUE_NOT_FOUND: {
    pt: 'Nenhuma fila encontrada com este ID.',
    en: 'No queue found with this ID.',
    es: 'No se encontró ninguna cola con este ID.',
  },
  ERR_QUEUE_OPTION_NOT_FOUND: {
    pt: 'Nenhuma opção de menu encontrada com este ID.',
    en: 'No menu option found with this ID.',
    es: 'No se encontró ninguna opción de menú con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof QUEUES_ERRORS> {}
}
