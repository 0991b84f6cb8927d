/** Catalogue codes of contacts: Contacts. */
export const CONTACTS_ERRORS = [
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_CONTACT_FOUND',
] as const;
