import { sqlMigration, type Migration } from '@atendo/platform';

/** Tables of the projection runtime itself; each read model adds its own migrations beside its projection. */
export const runtimeMigrations: Migration[] = [
  sqlMigration(
    '202611220010_projection_runtime',
    `
        CREATE TABLE projection_checkpoints (
          name             text PRIMARY KEY,
          commit_position  bigint NOT NULL DEFAULT 0,
          prepare_position bigint NOT NULL DEFAULT 0,
          events_handled   bigint NOT NULL DEFAULT 0,
          updated_at       timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE feed_sequences (
          company_id bigint PRIMARY KEY,
          seq        bigint NOT NULL
        );
        CREATE TABLE feed_entries (
          company_id bigint NOT NULL,
          seq        bigint NOT NULL,
          channel    text   NOT NULL,
          payload    jsonb  NOT NULL,
          audience   jsonb  NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (company_id, seq)
        );
      `,
    'DROP TABLE feed_entries; DROP TABLE feed_sequences; DROP TABLE projection_checkpoints;',
  ),
  sqlMigration(
    '202611230020_projection_supervision',
    `
        ALTER TABLE projection_checkpoints
          ADD COLUMN state         text NOT NULL DEFAULT 'running',
          ADD COLUMN last_error    text,
          ADD COLUMN last_error_at timestamptz;
        -- Events a projection skipped because applying them kept failing (decision 0010).
        CREATE TABLE projection_dead_letters (
          projection       text   NOT NULL,
          event_id         text   NOT NULL,
          stream_id        text   NOT NULL,
          stream_position  bigint NOT NULL,
          event_type       text   NOT NULL,
          commit_position  bigint NOT NULL,
          prepare_position bigint NOT NULL,
          error            text   NOT NULL,
          attempts         int    NOT NULL,
          first_failed_at  timestamptz NOT NULL DEFAULT now(),
          last_failed_at   timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (projection, event_id)
        );
      `,
    `
        DROP TABLE projection_dead_letters;
        ALTER TABLE projection_checkpoints DROP COLUMN state, DROP COLUMN last_error, DROP COLUMN last_error_at;
      `,
  ),
];
