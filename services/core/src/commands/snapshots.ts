import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

/** A folded state as of one revision of its stream. */
export interface Snapshot {
  revision: number;
  state: unknown;
}

/**
 * Where folded states are kept so a cold load does not fold a long stream from its start. A cache of the log:
 * losing it costs time, never correctness, so it lives in PostgreSQL whichever event store holds the events.
 */
export interface SnapshotStore {
  /** The stream's latest snapshot of this schema version, if any. */
  load(streamId: string, version: number): Promise<Snapshot | undefined>;
  /** Keeps the newest: an older revision of the same version never replaces a newer one. */
  save(streamId: string, version: number, snapshot: Snapshot): Promise<void>;
}

export const snapshotMigrations: Migration[] = [
  sqlMigration(
    '202611230001_snapshots',
    `
        CREATE TABLE snapshots (
          stream_id      text        PRIMARY KEY,
          revision       bigint      NOT NULL,
          schema_version int         NOT NULL,
          -- json, not jsonb: stored and returned as written, with no conversion either way.
          state          json        NOT NULL,
          taken_at       timestamptz NOT NULL DEFAULT now()
        )`,
    'DROP TABLE snapshots',
  ),
];

export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly knex: Knex) {}

  async load(streamId: string, version: number): Promise<Snapshot | undefined> {
    const { rows } = await this.knex.raw<{ rows: Array<{ revision: string; state: unknown }> }>(
      'SELECT revision, state FROM snapshots WHERE stream_id = ? AND schema_version = ?',
      [streamId, version],
    );
    const row = rows[0];
    return row ? { revision: Number(row.revision), state: row.state } : undefined;
  }

  async save(streamId: string, version: number, snapshot: Snapshot): Promise<void> {
    await this.knex.raw(
      `INSERT INTO snapshots (stream_id, revision, schema_version, state) VALUES (?, ?, ?, ?::json)
       ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, schema_version = excluded.schema_version,
              state = excluded.state, taken_at = now()
        WHERE snapshots.revision < excluded.revision OR snapshots.schema_version <> excluded.schema_version`,
      [streamId, snapshot.revision, version, JSON.stringify(snapshot.state)],
    );
  }
}
