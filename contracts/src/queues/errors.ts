/** Catalogue codes of queues: Queues. */
export const QUEUES_ERRORS = [
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
] as const;
