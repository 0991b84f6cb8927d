import { sqlMigration, type Migration } from '@atendo/platform';

export const contactListMigrations: Migration[] = [
  sqlMigration(
    '202611281111_contact_lists',
    `
        CREATE TABLE contact_lists (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX contact_lists_company ON contact_lists (company_id, lower(name), id);
        CREATE TABLE contact_list_items (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, contact_list_id bigint NOT NULL, name text NOT NULL,
          number text NOT NULL, email text NOT NULL DEFAULT '', is_whatsapp_valid boolean,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX contact_list_items_list ON contact_list_items (contact_list_id, lower(name), id);
      `,
    'DROP TABLE contact_list_items; DROP TABLE contact_lists;',
  ),
  {
    // The numbers WhatsApp has not judged yet, for the jobs role's checker (decision 0029).
    name: '202611282210_contact_list_items_unchecked',
    up: (knex) => knex.raw('CREATE INDEX contact_list_items_unchecked ON contact_list_items (company_id, id) WHERE is_whatsapp_valid IS NULL'),
    down: (knex) => knex.raw('DROP INDEX contact_list_items_unchecked'),
  },
];
