import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of contact lists and their items, with their texts in each language. */
export const CONTACT_LISTS_ERRORS = defineErrors({
  ERR_CONTACT_LIST_NOT_FOUND: {
    pt: 'Nenhuma lista de contatos encontrada com este ID.',
    en: 'No contact list found with this ID.',
    es: 'No se encontró ninguna lista de contactos con este ID.',
  },
  ERR_CONTACT_LIST_ITEM_NOT_FOUND: {
    pt: 'Nenhum contato da lista encontrado com este ID.',
    en: 'No contact of the list found with this ID.',
    es: 'No se encontró ningún contacto de la lista con este ID.',
  },
  ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS: {
    pt: 'Esta lista já tem um contato com este número.',
    en: 'This list already has a contact with this number.',
    es: 'Esta lista ya tiene un contacto con este número.',
  },
  ERR_CONTACT_LIST_SPREADSHEET_COLUMNS: {
    pt: 'A primeira linha da planilha deve nomear as colunas nome e numero (email é opcional).',
    en: 'The first row of the spreadsheet must name the columns name and number (email is optional).',
    es: 'La primera fila de la hoja debe nombrar las columnas nombre y numero (email es opcional).',
  },
  ERR_CONTACT_LIST_SPREADSHEET_EMPTY: {
    pt: 'A planilha não tem nenhuma linha abaixo do cabeçalho.',
    en: 'The spreadsheet has no row below its header.',
    es: 'La hoja no tiene ninguna fila debajo del encabezado.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof CONTACT_LISTS_ERRORS> {}
}
