/** Catalogue codes of auth: Signing in and sessions. */
export const AUTH_ERRORS = [
  'ERR_INVALID_CREDENTIALS',
  'ERR_SESSION_EXPIRED',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_INVALID_RESET_CODE',
  'ERR_MAIL_NOT_SENT',
] as const;
