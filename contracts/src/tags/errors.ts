import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of tags, with their texts in each language. */
export const TAGS_ERRORS = defineErrors({
  ERR_TAG_NOT_FOUND: {
    pt: 'Nenhuma tag encontrada com este ID.',
    en: 'No tag found with this ID.',
    es: 'No se encontró ninguna etiqueta con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof TAGS_ERRORS> {}
}
