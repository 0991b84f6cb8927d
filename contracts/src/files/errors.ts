/** Catalogue codes of file lists. */
export const FILES_ERRORS = ['ERR_FILE_LIST_NOT_FOUND', 'ERR_FILE_LIST_OPTION_NOT_FOUND'] as const;
