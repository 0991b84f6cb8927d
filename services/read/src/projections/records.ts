import type { Knex } from 'knex';
import type { RecordedEvent } from '@atendo/contracts';
import type { Projection, ProjectionContext } from './projection.js';

/**
 * A shared building block, kept here in one place: the read side of the write side's generic record decider
 * (`services/core/src/records/record.ts`). Each feature whose record is created, updated and deleted (companies,
 * plans, users, queues, connections) keeps one table of it with this.
 */
export interface RecordTable {
  /** The event name's stem: `User` for `UserCreated`, `UserUpdated`, `UserDeleted`. */
  kind: string;
  table: string;
  /**
   * The columns the table takes from events. A field an event carries without a column here (an older or newer
   * version of the event, say) is left out instead of failing the projection.
   */
  columns: ReadonlySet<string>;
  /** Columns a new row starts with that no record event carries. */
  defaults?: Record<string, unknown>;
}

export type RecordChange = 'create' | 'update' | 'delete';

export function recordEventTypes(kind: string): string[] {
  return [`${kind}Created`, `${kind}Updated`, `${kind}Deleted`];
}

/** camelCase event fields → the table's snake_case columns; arrays and objects become JSON. */
function toColumns(columns: ReadonlySet<string>, fields: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!columns.has(column)) continue;
    row[column] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return row;
}

/** Writes one record event into its table; says which change it was (null: not an event of this record). */
export async function applyRecordEvent(record: RecordTable, event: RecordedEvent, trx: Knex.Transaction): Promise<RecordChange | null> {
  const at = event.metadata.occurredAt;
  const data = event.data as { id: number; changes?: Record<string, unknown> } & Record<string, unknown>;
  switch (event.type) {
    case `${record.kind}Created`: {
      const { id, ...fields } = data;
      await trx(record.table).insert({ id, ...toColumns(record.columns, fields), ...record.defaults, created_at: at, updated_at: at }).onConflict('id').merge();
      return 'create';
    }
    case `${record.kind}Updated`:
      await trx(record.table).where({ id: data.id }).update({ ...toColumns(record.columns, data.changes ?? {}), updated_at: at });
      return 'update';
    case `${record.kind}Deleted`:
      await trx(record.table).where({ id: data.id }).delete();
      return 'delete';
    default:
      return null;
  }
}

/** What a record's projection tells the console after a change (not while rebuilding: nobody listens then). */
export type AnnounceRecord = (change: RecordChange, event: RecordedEvent, context: ProjectionContext) => void | Promise<void>;

/** The projection of a feature whose read model is its record's table and nothing more. */
export function recordProjection(name: string, record: RecordTable, announce?: AnnounceRecord): Projection {
  return {
    name,
    tables: [record.table],
    eventTypes: recordEventTypes(record.kind),
    async apply(events, context) {
      for (const event of events) {
        const change = await applyRecordEvent(record, event, context.trx);
        if (change && announce && !context.rebuilding) await announce(change, event, context);
      }
    },
  };
}
