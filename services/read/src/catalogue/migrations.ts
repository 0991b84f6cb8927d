import type { Migration } from '@atendo/core';

export const catalogueMigrations: Migration[] = [
  {
    name: '202611220030_catalogue',
    up: (knex) =>
      knex.raw(`
        CREATE TABLE plans (
          id bigint PRIMARY KEY, name text NOT NULL, users int NOT NULL, connections int NOT NULL, queues int NOT NULL,
          value numeric(12,2) NOT NULL, use_campaigns boolean NOT NULL, use_schedules boolean NOT NULL,
          use_internal_chat boolean NOT NULL, use_external_api boolean NOT NULL, use_kanban boolean NOT NULL,
          use_open_ai boolean NOT NULL, use_integrations boolean NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE TABLE companies (
          id bigint PRIMARY KEY, name text NOT NULL, email text NOT NULL, phone text NOT NULL, plan_id bigint NOT NULL,
          status boolean NOT NULL, due_date timestamptz, recurrence text NOT NULL, settings jsonb NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE TABLE users (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, email text NOT NULL,
          password_hash text NOT NULL, profile text NOT NULL, super boolean NOT NULL, all_ticket text NOT NULL,
          whatsapp_id bigint, queue_ids jsonb NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE UNIQUE INDEX users_email ON users (lower(email));
        CREATE INDEX users_company ON users (company_id);
        CREATE TABLE queues (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, color text NOT NULL,
          greeting_message text NOT NULL, out_of_hours_message text NOT NULL, order_queue int,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX queues_company ON queues (company_id);
        CREATE TABLE whatsapps (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, status text NOT NULL,
          qrcode text NOT NULL, is_default boolean NOT NULL, provider text NOT NULL, retries int NOT NULL,
          greeting_message text NOT NULL, complation_message text NOT NULL, out_of_hours_message text NOT NULL,
          rating_message text NOT NULL, expires_ticket int NOT NULL, time_use_bot_queues int NOT NULL,
          max_use_bot_queues int NOT NULL, queue_ids jsonb NOT NULL,
          created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX whatsapps_company ON whatsapps (company_id);
      `),
    down: (knex) => knex.raw('DROP TABLE whatsapps, queues, users, companies, plans'),
  },
  {
    // E-mails are unique because the write side claims them (services/core/src/records/unique.ts). A read model
    // never refuses a fact the log already holds: a unique index here stopped the whole projection on one duplicate.
    name: '202611230010_users_email_not_unique',
    up: (knex) => knex.raw('DROP INDEX users_email; CREATE INDEX users_email ON users (lower(email))'),
    down: (knex) => knex.raw('DROP INDEX users_email; CREATE UNIQUE INDEX users_email ON users (lower(email))'),
  },
  {
    // Password hashes moved to the auth's user_credentials table (its migration copies them first).
    name: '202611232010_users_without_password_hash',
    up: (knex) => knex.raw('ALTER TABLE users DROP COLUMN password_hash'),
    down: (knex) => knex.raw('ALTER TABLE users ADD COLUMN password_hash text'),
  },
];
