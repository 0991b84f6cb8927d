import { currentLanguage } from '../i18n';

const LOCALES = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const;

/** Money in BRL with 2 decimals (spec §9), written the way the console's language writes numbers. */
export function formatBrl(value: number): string {
  return new Intl.NumberFormat(LOCALES[currentLanguage()], { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
