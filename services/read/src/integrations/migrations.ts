import { sqlMigration, type Migration } from '@atendo/platform';

export const integrationMigrations: Migration[] = [
  sqlMigration(
    '202611290102_prompts_and_queue_integrations',
    `
        CREATE TABLE prompts (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, prompt text NOT NULL, model text NOT NULL,
          max_tokens integer NOT NULL, temperature double precision NOT NULL, api_key text NOT NULL, queue_id bigint NOT NULL,
          max_messages integer NOT NULL, voice text NOT NULL, voice_key text NOT NULL, voice_region text NOT NULL,
          version integer NOT NULL, status text NOT NULL DEFAULT 'ok', last_error text, last_error_at timestamptz,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX prompts_company ON prompts (company_id, lower(name), id);
        CREATE TABLE queue_integrations (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, type text NOT NULL, name text NOT NULL, project_name text NOT NULL,
          json_content text NOT NULL, language text NOT NULL, url_n8n text NOT NULL, webhook_secret text NOT NULL,
          typebot_slug text NOT NULL, typebot_delay_message integer NOT NULL, typebot_expires integer NOT NULL,
          typebot_keyword_finish text NOT NULL, typebot_keyword_restart text NOT NULL, typebot_restart_message text NOT NULL,
          typebot_unknown_message text NOT NULL, flow_id bigint,
          version integer NOT NULL, status text NOT NULL DEFAULT 'ok', last_error text, last_error_at timestamptz,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX queue_integrations_company ON queue_integrations (company_id, lower(name), id);
        CREATE TABLE bot_versions (
          company_id bigint NOT NULL, kind text NOT NULL, bot_id bigint NOT NULL, version integer NOT NULL, fields jsonb NOT NULL,
          PRIMARY KEY (company_id, kind, bot_id, version)
        );
      `,
    'DROP TABLE bot_versions; DROP TABLE queue_integrations; DROP TABLE prompts;',
  ),
];
