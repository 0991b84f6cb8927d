import { sqlMigration, type Migration } from '@atendo/platform';

export const tagsMigrations: Migration[] = [
  // A company's tags, and which tickets carry which tag (the tickets list's tag filter, the kanban's lanes, counts).
  sqlMigration(
    '202611271010_tags',
    `
        CREATE TABLE tags (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, color text NOT NULL,
          kanban smallint NOT NULL DEFAULT 0, user_id bigint,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX tags_company_name ON tags (company_id, lower(name), id);
        CREATE TABLE ticket_tags (
          ticket_id bigint NOT NULL, tag_id bigint NOT NULL, company_id bigint NOT NULL,
          PRIMARY KEY (ticket_id, tag_id)
        );
        CREATE INDEX ticket_tags_tag ON ticket_tags (tag_id, ticket_id);
      `,
    'DROP TABLE ticket_tags; DROP TABLE tags',
  ),
];
