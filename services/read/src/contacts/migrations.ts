import { sqlMigration, type Migration } from '@atendo/platform';

export const contactMigrations: Migration[] = [
  // A contact's extra information (name/value pairs) and the imports of spreadsheets, which the console follows.
  sqlMigration(
    '202611261500_contact_extra_info_and_imports',
    `
        ALTER TABLE contacts ADD COLUMN extra_info jsonb NOT NULL DEFAULT '[]';
        CREATE TABLE contact_imports (
          id uuid PRIMARY KEY, company_id bigint NOT NULL, user_id bigint NOT NULL, status text NOT NULL,
          total int NOT NULL, done int NOT NULL DEFAULT 0, imported int NOT NULL DEFAULT 0,
          rejected jsonb NOT NULL DEFAULT '[]', created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX contact_imports_company ON contact_imports (company_id, created_at DESC);
      `,
    'DROP TABLE contact_imports; ALTER TABLE contacts DROP COLUMN extra_info',
  ),
];
