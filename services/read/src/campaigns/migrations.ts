import { sqlMigration, type Migration } from '@atendo/platform';

export const campaignMigrations: Migration[] = [
  sqlMigration(
    '202611281401_campaigns',
    `
        CREATE TABLE campaigns (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL,
          message1 text NOT NULL DEFAULT '', message2 text NOT NULL DEFAULT '', message3 text NOT NULL DEFAULT '',
          message4 text NOT NULL DEFAULT '', message5 text NOT NULL DEFAULT '',
          status text NOT NULL, scheduled_at timestamptz, started_at timestamptz, completed_at timestamptz,
          whatsapp_id bigint NOT NULL, contact_list_id bigint, tag_id bigint, file_list_id bigint,
          media_path text, media_name text,
          valid_contacts integer NOT NULL DEFAULT 0, queued integer NOT NULL DEFAULT 0,
          delivered integer NOT NULL DEFAULT 0, failed integer NOT NULL DEFAULT 0,
          deferred_until timestamptz, deferred_reason text,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX campaigns_company ON campaigns (company_id, lower(name), id);
        CREATE INDEX campaigns_due ON campaigns (scheduled_at) WHERE status = 'PROGRAMADA';
        CREATE INDEX campaigns_running ON campaigns (id) WHERE status = 'EM_ANDAMENTO';
        CREATE TABLE campaign_shipping (
          campaign_id bigint NOT NULL, company_id bigint NOT NULL, number text NOT NULL, seq integer NOT NULL,
          message_id text NOT NULL, variant smallint NOT NULL, body text NOT NULL, due_at timestamptz NOT NULL,
          delivered_at timestamptz, failed_at timestamptz, reason text,
          PRIMARY KEY (campaign_id, number)
        );
        CREATE INDEX campaign_shipping_seq ON campaign_shipping (campaign_id, seq);
        CREATE INDEX campaign_shipping_message ON campaign_shipping (message_id);
        CREATE TABLE campaign_settings (company_id bigint PRIMARY KEY, settings jsonb NOT NULL, updated_at timestamptz NOT NULL);
      `,
    'DROP TABLE campaign_settings; DROP TABLE campaign_shipping; DROP TABLE campaigns',
  ),
  // An outcome that came before its message was recorded as queued (the campaign allows it): kept until the message is.
  sqlMigration(
    '202611281500_campaign_early_outcomes',
    `
        CREATE TABLE campaign_early_outcomes (
          campaign_id bigint NOT NULL, number text NOT NULL, delivered_at timestamptz, failed_at timestamptz, reason text,
          PRIMARY KEY (campaign_id, number)
        );
      `,
    'DROP TABLE campaign_early_outcomes',
  ),
];

/** The send governors' memory, one row per connection (the jobs role's, kept across restarts: a day's counts survive). */
export const sendGovernorMigrations: Migration[] = [
  {
    name: '202611281402_send_governors',
    up: (knex) => knex.raw(`CREATE TABLE send_governors (whatsapp_id bigint PRIMARY KEY, company_id bigint NOT NULL, state jsonb NOT NULL, updated_at timestamptz NOT NULL)`),
    down: (knex) => knex.raw('DROP TABLE send_governors'),
  },
];
