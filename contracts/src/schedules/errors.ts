/** Catalogue codes of scheduled messages. */
export const SCHEDULES_ERRORS = [
  'ERR_SCHEDULE_NOT_FOUND',
  /** A send time that is not ahead of now. */
  'ERR_SCHEDULE_IN_PAST',
  /** A schedule already sent cannot change (it may still be deleted). */
  'ERR_SCHEDULE_ALREADY_SENT',
] as const;
