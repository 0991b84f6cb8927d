/** Catalogue codes of companies: Companies, their subscription and settings. */
export const COMPANIES_ERRORS = [
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_NO_SETTING_FOUND',
  'ERR_COMPANY_DISABLED',
] as const;
