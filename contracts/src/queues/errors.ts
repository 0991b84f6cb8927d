/** Catalogue codes of queues: Queues. */
export const QUEUES_ERRORS = [
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_QUEUE_NOT_FOUND',
  'ERR_QUEUE_OPTION_NOT_FOUND',
] as const;
