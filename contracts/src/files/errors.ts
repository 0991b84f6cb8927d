import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of file lists, with their texts in each language. */
export const FILES_ERRORS = defineErrors({
  ERR_FILE_LIST_NOT_FOUND: {
    pt: 'Nenhuma lista de arquivos encontrada com este ID.',
    en: 'No file list found with this ID.',
    es: 'No se encontró ninguna lista de archivos con este ID.',
  },
  ERR_FILE_LIST_OPTION_NOT_FOUND: {
    pt: 'Esta lista de arquivos não tem uma opção com este ID.',
    en: 'This file list has no option with this ID.',
    es: 'Esta lista de archivos no tiene una opción con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof FILES_ERRORS> {}
}
