import { sqlMigration, type Migration } from '@atendo/platform';

export const scheduleMigrations: Migration[] = [
  sqlMigration(
    '202611281301_schedules',
    `
        CREATE TABLE schedules (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, user_id bigint NOT NULL, contact_id bigint NOT NULL,
          body text NOT NULL, send_at timestamptz NOT NULL, sent_at timestamptz, status text NOT NULL,
          whatsapp_id bigint, ticket_id bigint, media_path text, media_name text, message_id text, error text,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX schedules_company ON schedules (company_id, send_at, id);
        CREATE INDEX schedules_due ON schedules (send_at, id) WHERE status = 'PENDENTE';
      `,
    'DROP TABLE schedules',
  ),
];
