/** Catalogue codes of contact lists and their items. */
export const CONTACT_LISTS_ERRORS = [
  'ERR_CONTACT_LIST_NOT_FOUND',
  'ERR_CONTACT_LIST_ITEM_NOT_FOUND',
  /** An item whose number (its digits) another item of the same list already has: one person, one message. */
  'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS',
  /** An import whose first row does not name a name and a number column (nome/name/nombre, numero/number/telefone …). */
  'ERR_CONTACT_LIST_SPREADSHEET_COLUMNS',
  /** An import whose sheet has its header and no row under it. */
  'ERR_CONTACT_LIST_SPREADSHEET_EMPTY',
] as const;
