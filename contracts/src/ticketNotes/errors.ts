/** Catalogue codes of ticket notes. */
export const TICKET_NOTES_ERRORS = [
  'ERR_TICKET_NOTE_NOT_FOUND',
] as const;
