/** Catalogue codes of messages: Messages. */
export const MESSAGES_ERRORS = [
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_CREATING_MESSAGE',
  'ERR_FETCH_WAPP_MSG',
  'ERR_IDEMPOTENCY_KEY_REUSED',
] as const;
