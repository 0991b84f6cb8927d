import { withDefaults } from '@atendo/contracts';
import { recordProjection } from '../projections/records.js';

export const companiesProjection = recordProjection('companies', {
  kind: 'Company',
  table: 'companies',
  columns: new Set([
    'name', 'email', 'phone', 'plan_id', 'status', 'due_date', 'recurrence', 'settings', 'schedules', 'billing_name',
    'address_zip_code', 'address_street', 'address_state', 'address_city', 'address_district', 'disabled_at',
  ]),
}, (action, event, { emit }) => {
  // A company's settings changed: its users' consoles hear of the whole list (companies' events are the platform's, so
  // the company is the record's id).
  const { id, changes } = event.data as { id: number; changes?: { settings?: Record<string, string> } };
  if (action !== 'update' || !changes?.settings) return;
  emit({ companyId: id, channel: 'settings', payload: { action: 'update', settings: withDefaults(changes.settings) }, audience: { kind: 'company' } });
});
