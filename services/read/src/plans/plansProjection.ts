import { recordProjection } from '../projections/records.js';

/** The platform's plans (the table is created by companies/migrations.ts). */
export const plansProjection = recordProjection('plans', {
  kind: 'Plan',
  table: 'plans',
  columns: new Set(['name', 'users', 'connections', 'queues', 'value', 'use_campaigns', 'use_schedules', 'use_internal_chat', 'use_external_api', 'use_kanban', 'use_open_ai', 'use_integrations', 'storage_mb']),
});
