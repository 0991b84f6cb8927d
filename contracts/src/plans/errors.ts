/** Catalogue codes of plans. */
export const PLANS_ERRORS = [
  'ERR_PLAN_IN_USE',
] as const;
