import type { Migration } from '@atendo/platform';

/** The users table itself is created by `202611220030_catalogue` (companies/migrations.ts). */
export const usersMigrations: Migration[] = [
  {
    // E-mails are unique because the write side claims them (createUser in services/core/src/users/user.ts). A read
    // model never refuses a fact the log already holds: a unique index here stopped the whole projection on one duplicate.
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
  {
    name: '202611240900_users_language',
    up: (knex) => knex.raw('ALTER TABLE users ADD COLUMN language text'),
    down: (knex) => knex.raw('ALTER TABLE users DROP COLUMN language'),
  },
];
