import { recordProjection } from '../projections/records.js';

export const companiesProjection = recordProjection('companies', {
  kind: 'Company',
  table: 'companies',
  columns: new Set(['name', 'email', 'phone', 'plan_id', 'status', 'due_date', 'recurrence', 'settings']),
});
