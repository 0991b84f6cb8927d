import { recordProjection } from '../projections/records.js';
import { announceSettings } from '../settings/settingsFeed.js';

/** The companies table; a change of a company's settings is also told to its users (settings/settingsFeed.ts). */
export const companiesProjection = recordProjection('companies', {
  kind: 'Company',
  table: 'companies',
  columns: new Set([
    'name', 'email', 'phone', 'plan_id', 'status', 'due_date', 'recurrence', 'settings', 'schedules', 'billing_name',
    'address_zip_code', 'address_street', 'address_state', 'address_city', 'address_district', 'disabled_at',
  ]),
}, announceSettings);
