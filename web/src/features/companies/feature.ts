import { COMPANIES_PERMISSIONS } from '@atendo/contracts/companies';
import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { companiesTranslations } from './i18n';

// Loaded when its tab is first opened.
const CompaniesTab = lazy(() => import('./CompaniesTab').then((m) => ({ default: m.CompaniesTab })));

/** Companies: no page of its own; its tab sits on the settings page. */
export const companiesFeature = defineConsoleFeature('companies', companiesTranslations, {
  permissions: [COMPANIES_PERMISSIONS],
  parts: { settingsTabs: [{ id: 'companies', permission: 'companies:manage', order: 10, panel: CompaniesTab }] },
});
