import type { ConsoleFeature } from '../feature';
import { companiesTranslations } from './i18n';

/** Companies: no page of its own; its tab sits on the settings page. */
export const companiesFeature = {
  name: 'companies',
  translations: companiesTranslations,
} satisfies ConsoleFeature;
