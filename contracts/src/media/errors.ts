/** Catalogue codes of media (uploads kept for a company). */
export const MEDIA_ERRORS = [
  'ERR_STORAGE_QUOTA',
] as const;
