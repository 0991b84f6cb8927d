import { COMPANIES_PERMISSIONS } from '@atendo/contracts/companies';
import { defineConsoleFeature } from '../feature';
import { companiesTranslations } from './i18n';

/** Companies: no page of its own; its tab sits on the settings page. */
export const companiesFeature = defineConsoleFeature('companies', companiesTranslations, { permissions: [COMPANIES_PERMISSIONS] });
