import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of ticket notes, with their texts in each language. */
export const TICKET_NOTES_ERRORS = defineErrors({
  ERR_TICKET_NOTE_NOT_FOUND: {
    pt: 'Nenhuma observação encontrada com este ID.',
    en: 'No note found with this ID.',
    es: 'No se encontró ninguna observación con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof TICKET_NOTES_ERRORS> {}
}
