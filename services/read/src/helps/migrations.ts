import { sqlMigration, type Migration } from '@atendo/platform';

export const helpMigrations: Migration[] = [
  sqlMigration(
    '202611232330_helps',
    `
        CREATE TABLE helps (
          id bigint PRIMARY KEY, title text NOT NULL, video text NOT NULL DEFAULT '', description text NOT NULL DEFAULT '',
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX helps_title ON helps (lower(title), id);
      `,
    'DROP TABLE helps',
  ),
];
