/** Catalogue codes of contact lists and their items. */
export const CONTACT_LISTS_ERRORS = ['ERR_CONTACT_LIST_NOT_FOUND', 'ERR_CONTACT_LIST_ITEM_NOT_FOUND'] as const;
