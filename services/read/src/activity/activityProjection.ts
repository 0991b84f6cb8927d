import { sqlMigration, type Migration } from '@atendo/platform';
import type { Projection } from '../projections/projection.js';

/**
 * How many events of each type each company produced per day: the audit overview an operator or auditor
 * starts from before replaying a day's history in detail.
 */
export const activityMigrations: Migration[] = [
  sqlMigration(
    '202611220020_activity_daily',
    `CREATE TABLE activity_daily (
        company_id bigint NOT NULL,
        day        date   NOT NULL,
        event_type text   NOT NULL,
        events     bigint NOT NULL,
        PRIMARY KEY (company_id, day, event_type)
      )`,
    'DROP TABLE activity_daily',
  ),
];

export const activityProjection: Projection = {
  name: 'activity',
  tables: ['activity_daily'],
  eventTypes: '*',
  async apply(events, { trx }) {
    const counts = new Map<string, { company_id: number; day: string; event_type: string; events: number }>();
    for (const e of events) {
      const day = e.metadata.occurredAt.slice(0, 10);
      const key = `${e.metadata.companyId}|${day}|${e.type}`;
      const row = counts.get(key);
      if (row) row.events++;
      else counts.set(key, { company_id: e.metadata.companyId, day, event_type: e.type, events: 1 });
    }
    await trx('activity_daily')
      .insert([...counts.values()])
      .onConflict(['company_id', 'day', 'event_type'])
      .merge({ events: trx.raw('activity_daily.events + excluded.events') });
  },
};
