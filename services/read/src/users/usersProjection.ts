import { recordProjection } from '../projections/records.js';

/** The company's staff (the table is created by companies/migrations.ts); the console hears of each change. */
export const usersProjection = recordProjection(
  'users',
  { kind: 'User', table: 'users', columns: new Set(['company_id', 'name', 'email', 'profile', 'super', 'all_ticket', 'whatsapp_id', 'queue_ids', 'language']) },
  (action, event, { emit }) => {
    const { id } = event.data as { id: number };
    const payload = action === 'delete' ? { action, userId: id } : { action, id };
    emit({ companyId: event.metadata.companyId, channel: 'user', payload, audience: { kind: 'company' } });
  },
);
