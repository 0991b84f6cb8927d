import { PLANS_PERMISSIONS } from '@atendo/contracts/plans';
import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { plansTranslations } from './i18n';

// Loaded when its tab is first opened.
const PlansTab = lazy(() => import('./PlansTab').then((m) => ({ default: m.PlansTab })));

/** Plans: no page of its own; its tab sits on the settings page. */
export const plansFeature = defineConsoleFeature('plans', plansTranslations, {
  permissions: [PLANS_PERMISSIONS],
  parts: { settingsTabs: [{ id: 'plans', permission: 'plans:manage', order: 20, panel: PlansTab }] },
});
