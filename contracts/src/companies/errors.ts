import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of companies: Companies, their subscription and settings, with their texts in each language. */
export const COMPANIES_ERRORS = defineErrors({
  ERR_SUBSCRIPTION_EXPIRED: {
    pt: 'Sua assinatura expirou. Entre em contato com o suporte.',
    en: 'Your subscription has expired. Please contact support.',
    es: 'Tu suscripción venció. Ponte en contacto con el soporte.',
  },
  ERR_NO_SETTING_FOUND: {
    pt: 'Nenhuma configuração encontrada com este ID.',
    en: 'No setting found with this ID.',
    es: 'No se encontró ninguna configuración con este ID.',
  },
  ERR_COMPANY_DISABLED: {
    pt: 'Esta empresa está desativada. Entre em contato com o suporte.',
    en: 'This company is switched off. Please contact support.',
    es: 'Esta empresa está desactivada. Ponte en contacto con soporte.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof COMPANIES_ERRORS> {}
}
