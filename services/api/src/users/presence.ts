import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

export const presenceMigrations: Migration[] = [
  sqlMigration(
    '202611241200_user_presence',
    `
        CREATE TABLE user_presence (user_id bigint PRIMARY KEY, company_id bigint NOT NULL, last_seen_at timestamptz NOT NULL);
        CREATE INDEX user_presence_company ON user_presence (company_id, last_seen_at);
      `,
    'DROP TABLE user_presence',
  ),
];

/** Without a sign of life for this long, a user counts as offline (spec: pings every 300 s). */
export const OFFLINE_AFTER_SECONDS = 5 * 60;

/**
 * Who is at their console: each socket's sign-in and `userStatus` ping stamps the user. Presence changes by the
 * minute and says nothing an auditor needs, so it is kept in a table, not the log.
 */
export class Presence {
  constructor(private readonly knex: Knex) {}

  async seen(companyId: number, userId: number): Promise<void> {
    await this.knex('user_presence').insert({ user_id: userId, company_id: companyId, last_seen_at: this.knex.fn.now() }).onConflict('user_id').merge();
  }

  /** The company's users seen within OFFLINE_AFTER_SECONDS. */
  async online(companyId: number): Promise<Set<number>> {
    const rows = (await this.knex('user_presence')
      .where({ company_id: companyId })
      .where('last_seen_at', '>', this.knex.raw(`now() - interval '${OFFLINE_AFTER_SECONDS} seconds'`))
      .select('user_id')) as Array<{ user_id: string | number }>;
    return new Set(rows.map((r) => Number(r.user_id)));
  }
}
