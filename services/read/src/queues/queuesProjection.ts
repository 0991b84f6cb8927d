import { recordProjection } from '../projections/records.js';

/** The company's queues (the table is created by companies/migrations.ts); the console hears of each change. */
export const queuesProjection = recordProjection(
  'queues',
  { kind: 'Queue', table: 'queues', columns: new Set(['company_id', 'name', 'color', 'greeting_message', 'out_of_hours_message', 'order_queue']) },
  (action, event, { emit }) => {
    const { id } = event.data as { id: number };
    const payload = action === 'delete' ? { action, queueId: id } : { action, id };
    emit({ companyId: event.metadata.companyId, channel: 'queue', payload, audience: { kind: 'company' } });
  },
);
