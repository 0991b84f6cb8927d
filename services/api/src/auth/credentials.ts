import type { Knex } from 'knex';
import type { Migration } from '@atendo/platform';

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
  {
    // docs/decisions/0015-secrets-out-of-the-log.md: the one rewrite of history the product makes.
    name: '202611240700_password_hashes_out_of_the_log',
    async up(knex) {
      if (!(await knex.schema.hasTable('events'))) return; // the log lives in EventStoreDB: see the decision
      // Each user's latest hash from old events, for a user the store has none for (the store's is newer).
      await knex.raw(`
        INSERT INTO user_credentials (user_id, password_hash)
        SELECT DISTINCT ON (user_id) user_id, hash FROM (
          SELECT (data->>'id')::bigint AS user_id, data->>'passwordHash' AS hash, global_position
            FROM events WHERE event_type = 'UserCreated' AND data->'passwordHash' IS NOT NULL
          UNION ALL
          SELECT (data->>'id')::bigint, data->'changes'->>'passwordHash', global_position
            FROM events WHERE event_type = 'UserUpdated' AND data->'changes'->'passwordHash' IS NOT NULL
        ) AS old WHERE hash IS NOT NULL
        ORDER BY user_id, global_position DESC
        ON CONFLICT (user_id) DO NOTHING`);
      await knex.raw(`UPDATE events SET data = data - 'passwordHash' WHERE event_type = 'UserCreated' AND data->'passwordHash' IS NOT NULL`);
      await knex.raw(`
        UPDATE events SET data = jsonb_set(data, '{changes}', (data->'changes') - 'passwordHash')
         WHERE event_type = 'UserUpdated' AND data->'changes'->'passwordHash' IS NOT NULL`);
    },
    // The hashes are in the credential store; putting them back into the log is exactly what this undoes.
    down: async () => undefined,
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

  /** A deleted user's hash goes with them. */
  async remove(userId: number): Promise<void> {
    await this.knex('user_credentials').where({ user_id: userId }).delete();
  }
}
