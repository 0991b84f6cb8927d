import type { ConsoleFeature } from '../feature';
import { plansTranslations } from './i18n';

/** Plans: no page of its own; its tab sits on the settings page. */
export const plansFeature = {
  name: 'plans',
  translations: plansTranslations,
} satisfies ConsoleFeature;
