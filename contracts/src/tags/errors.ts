/** Catalogue codes of tags. */
export const TAGS_ERRORS = [
  'ERR_TAG_NOT_FOUND',
] as const;
