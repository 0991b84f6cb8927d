import { sqlMigration, type Migration } from '@atendo/platform';

export const fileListMigrations: Migration[] = [
  sqlMigration(
    '202611281342_file_lists',
    `
        CREATE TABLE file_lists (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, message text NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX file_lists_company ON file_lists (company_id, lower(name), id);
        CREATE TABLE file_list_options (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, file_list_id bigint NOT NULL, name text NOT NULL,
          path text, media_type text, mime text, file_name text
        );
        CREATE INDEX file_list_options_list ON file_list_options (file_list_id, id);
      `,
    'DROP TABLE file_list_options; DROP TABLE file_lists;',
  ),
];
