import { sqlMigration, type Migration } from '@atendo/platform';
import type { Projection } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes, recordProjection } from '../projections/records.js';

export const queuesMigrations: Migration[] = [
  // A queue names its integration and prompt and has weekly hours; its chatbot menu is a tree of options.
  sqlMigration(
    '202611261000_queue_settings_and_options',
    `
        ALTER TABLE queues
          ADD COLUMN integration_id bigint, ADD COLUMN prompt_id bigint,
          ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]';
        CREATE TABLE queue_options (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, queue_id bigint NOT NULL, parent_id bigint,
          title text NOT NULL, message text NOT NULL, option int NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX queue_options_queue ON queue_options (queue_id, parent_id);
        CREATE SEQUENCE queueOption_ids;
      `,
    'DROP SEQUENCE queueOption_ids; DROP TABLE queue_options; ALTER TABLE queues DROP COLUMN integration_id, DROP COLUMN prompt_id, DROP COLUMN schedules',
  ),
];

/** The company's queues (the table is created by companies/migrations.ts); the console hears of each change. */
export const queuesProjection = recordProjection(
  'queues',
  {
    kind: 'Queue',
    table: 'queues',
    columns: new Set(['company_id', 'name', 'color', 'greeting_message', 'out_of_hours_message', 'order_queue', 'integration_id', 'prompt_id', 'schedules']),
  },
  (action, event, { emit }) => {
    const { id } = event.data as { id: number };
    const payload = action === 'delete' ? { action, queueId: id } : { action, id };
    emit({ companyId: event.metadata.companyId, channel: 'queue', payload, audience: { kind: 'company' } });
  },
);

const OPTIONS = { kind: 'QueueOption', table: 'queue_options', columns: new Set(['company_id', 'queue_id', 'parent_id', 'title', 'message', 'option']) };

/**
 * The queues' chatbot menus, one row per option; a deleted queue takes its options with it. A change to a menu is
 * announced as a change of its queue, so an open queue editor reloads the tree.
 */
export const queueOptionsProjection: Projection = {
  name: 'queue_options',
  tables: ['queue_options'],
  eventTypes: [...recordEventTypes('QueueOption'), 'QueueDeleted'],
  async apply(events, { trx, emit, rebuilding }) {
    for (const event of events) {
      if (event.type === 'QueueDeleted') {
        await trx('queue_options').where({ queue_id: (event.data as { id: number }).id }).delete();
        continue;
      }
      const data = event.data as { id: number; queueId?: number };
      const queueId = data.queueId ?? (await trx('queue_options').where({ id: data.id }).first('queue_id'))?.queue_id;
      const change = await applyRecordEvent(OPTIONS, event, trx);
      if (change && !rebuilding && queueId != null) {
        emit({ companyId: event.metadata.companyId, channel: 'queue', payload: { action: 'update', id: Number(queueId) }, audience: { kind: 'company' } });
      }
    }
  },
};
