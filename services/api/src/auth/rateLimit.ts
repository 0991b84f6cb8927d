import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

export const rateLimitMigrations: Migration[] = [
  sqlMigration(
    '202611241000_rate_limits',
    `
        CREATE TABLE rate_limits (key text PRIMARY KEY, count int NOT NULL, reset_at timestamptz NOT NULL);
        CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
      `,
    'DROP TABLE rate_limits',
  ),
];

/**
 * Fixed-window attempt counter per key (a login's e-mail, a client's address), kept in PostgreSQL: a restart does
 * not forget an attacker's attempts, and every API process counts into the same window.
 */
export class RateLimiter {
  private checks = 0;

  constructor(
    private readonly knex: Knex,
    /** Keys of one limiter share a prefix (`login:account:`), so limiters never count into each other. */
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt; false when the key is over its limit for the current window. */
  async attempt(key: string): Promise<boolean> {
    if (++this.checks % 1000 === 0) await this.knex('rate_limits').where('reset_at', '<', this.knex.fn.now()).delete();
    const { rows } = (await this.knex.raw(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, now() + make_interval(secs => ?))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
       RETURNING count`,
      [this.prefix + key, this.windowMs / 1000],
    )) as { rows: Array<{ count: number }> };
    return rows[0]!.count <= this.limit;
  }

  /** How many attempts the key has in the current window (none counted by asking). */
  async count(key: string): Promise<number> {
    const row = (await this.knex('rate_limits').where({ key: this.prefix + key }).where('reset_at', '>', this.knex.fn.now()).first('count')) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  /** Whether the key is over its limit in the current window, without counting an attempt (a lock checked first). */
  async over(key: string): Promise<boolean> {
    return (await this.count(key)) > this.limit;
  }

  async reset(key: string): Promise<void> {
    await this.knex('rate_limits').where({ key: this.prefix + key }).delete();
  }
}
