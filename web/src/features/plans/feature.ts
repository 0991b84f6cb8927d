import { PLANS_PERMISSIONS } from '@atendo/contracts/plans';
import { defineConsoleFeature } from '../feature';
import { plansTranslations } from './i18n';

/** Plans: no page of its own; its tab sits on the settings page. */
export const plansFeature = defineConsoleFeature('plans', plansTranslations, { permissions: [PLANS_PERMISSIONS] });
