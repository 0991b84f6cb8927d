import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of plans, with their texts in each language. */
export const PLANS_ERRORS = defineErrors({
  ERR_PLAN_IN_USE: {
    pt: 'Há empresas neste plano. Mude-as de plano antes de excluí-lo.',
    en: 'Companies are on this plan. Move them to another plan before deleting it.',
    es: 'Hay empresas en este plan. Cámbialas de plan antes de eliminarlo.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof PLANS_ERRORS> {}
}
