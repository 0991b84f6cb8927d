/** Catalogue codes of quick messages. */
export const QUICK_MESSAGES_ERRORS = ['ERR_QUICK_MESSAGE_NOT_FOUND'] as const;
