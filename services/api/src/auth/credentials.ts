import type { Knex } from 'knex';
import type { Migration } from '@atendo/core';

/**
 * Password hashes. They are secrets, so they never travel in an event: the user's record (an event stream) says who
 * the user is, this table how they prove it (docs/decisions/0006-auth-sessions.md).
 */
export const credentialMigrations: Migration[] = [
  {
    name: '202611232000_user_credentials',
    async up(knex) {
      await knex.raw(`
        CREATE TABLE user_credentials (
          user_id bigint PRIMARY KEY, password_hash text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now()
        )
      `);
      // Installations from before this table kept the hashes in the users read model (which drops them next).
      if ((await knex.schema.hasTable('users')) && (await knex.schema.hasColumn('users', 'password_hash'))) {
        await knex.raw(`INSERT INTO user_credentials (user_id, password_hash) SELECT id, password_hash FROM users WHERE password_hash IS NOT NULL`);
      }
    },
    down: (knex) => knex.raw('DROP TABLE user_credentials'),
  },
];

export class Credentials {
  constructor(private readonly knex: Knex) {}

  async get(userId: number): Promise<string | null> {
    const row = (await this.knex('user_credentials').where({ user_id: userId }).first('password_hash')) as { password_hash: string } | undefined;
    return row?.password_hash ?? null;
  }

  async set(userId: number, passwordHash: string): Promise<void> {
    await this.knex('user_credentials')
      .insert({ user_id: userId, password_hash: passwordHash, updated_at: this.knex.fn.now() })
      .onConflict('user_id')
      .merge();
  }
}
