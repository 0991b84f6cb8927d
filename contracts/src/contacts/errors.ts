import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of contacts: Contacts, with their texts in each language. */
export const CONTACTS_ERRORS = defineErrors({
  ERR_DUPLICATED_CONTACT: {
    pt: 'Já existe um contato com este número.',
    en: 'A contact with this number already exists.',
    es: 'Ya existe un contacto con este número.',
  },
  ERR_NO_CONTACT_FOUND: {
    pt: 'Nenhum contato encontrado com este ID.',
    en: 'No contact found with this ID.',
    es: 'No se encontró ningún contacto con este ID.',
  },
  ERR_CONTACT_NUMBER_FIXED: {
    pt: 'O número de um contato não muda: crie um novo contato para outro número.',
    en: "A contact's number does not change: create a new contact for another number.",
    es: 'El número de un contacto no cambia: cree un nuevo contacto para otro número.',
  },
  ERR_INVALID_SPREADSHEET: {
    pt: 'O arquivo não pôde ser lido como planilha.',
    en: 'The file could not be read as a spreadsheet.',
    es: 'El archivo no se pudo leer como hoja de cálculo.',
  },
  ERR_SPREADSHEET_XLS: {
    pt: 'Planilhas .xls antigas não são lidas: salve como .xlsx ou .csv.',
    en: 'Old .xls spreadsheets are not read: save it as .xlsx or .csv.',
    es: 'Las hojas .xls antiguas no se leen: guárdela como .xlsx o .csv.',
  },
  ERR_SPREADSHEET_NO_NUMBER: {
    pt: 'A primeira linha da planilha deve ter uma coluna de número (numero, number, telefone).',
    en: "The spreadsheet's first row must have a number column (number, numero, telefone).",
    es: 'La primera fila de la hoja debe tener una columna de número (numero, number, telefono).',
  },
  ERR_SPREADSHEET_TOO_MANY_ROWS: {
    pt: 'A planilha tem linhas demais para uma importação.',
    en: 'The spreadsheet has too many rows for one import.',
    es: 'La hoja tiene demasiadas filas para una importación.',
  },
  ERR_SPREADSHEET_TOO_LARGE: {
    pt: 'A planilha descompactada é grande demais para ser lida: salve só as colunas e linhas a importar.',
    en: 'The spreadsheet is too large to read once uncompressed: save only the columns and rows to import.',
    es: 'La hoja descomprimida es demasiado grande para leerla: guarde solo las columnas y filas a importar.',
  },
  ERR_CONTACT_IMPORT_NOT_FOUND: {
    pt: 'Importação não encontrada.',
    en: 'Import not found.',
    es: 'Importación no encontrada.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof CONTACTS_ERRORS> {}
}
