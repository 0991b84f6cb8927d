import { sqlMigration, type Migration } from '@atendo/platform';

export const dashboardMigrations: Migration[] = [
  // One row per ticket with the moments that matter and the minutes between them; the hours each company and queue
  // had as the log told them, so a time is reckoned with the hours of its day, in a rebuild too.
  sqlMigration(
    '202611291330_ticket_times',
    `
        CREATE TABLE ticket_times (
          ticket_id bigint PRIMARY KEY, company_id bigint NOT NULL, contact_id bigint NOT NULL, queue_id bigint,
          user_id bigint, whatsapp_id bigint NOT NULL, status text NOT NULL, opened_at timestamptz NOT NULL,
          first_customer_at timestamptz, first_response_at timestamptz, first_response_user_id bigint,
          accepted_at timestamptz, last_accepted_at timestamptz, resolved_at timestamptz, rating smallint,
          first_response_minutes double precision, first_response_business_minutes double precision,
          resolution_minutes double precision, resolution_business_minutes double precision,
          wait_minutes double precision, wait_business_minutes double precision
        );
        CREATE INDEX ticket_times_company_opened ON ticket_times (company_id, opened_at, ticket_id);
        CREATE INDEX ticket_times_contact ON ticket_times (company_id, contact_id, opened_at);
        CREATE TABLE ticket_times_hours (
          key text PRIMARY KEY, company_id bigint NOT NULL, time_zone text, schedules jsonb NOT NULL DEFAULT '[]'
        );
        CREATE INDEX ticket_times_hours_company ON ticket_times_hours (company_id);
      `,
    'DROP TABLE ticket_times_hours; DROP TABLE ticket_times',
  ),
];
