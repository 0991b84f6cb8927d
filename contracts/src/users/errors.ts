/** Catalogue codes of users: Users. */
export const USERS_ERRORS = [
  'ERR_USER_DONT_EXISTS',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_USER_FOUND',
  'ERR_USER_EMAIL_ALREADY_EXISTS',
  'ERR_PLAN_LIMIT_REACHED',
] as const;
