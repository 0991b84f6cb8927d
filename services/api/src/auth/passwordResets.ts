import { createHash, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

export const passwordResetMigrations: Migration[] = [
  sqlMigration(
    '202611241010_password_reset_codes',
    `
        CREATE TABLE password_reset_codes (
          email text PRIMARY KEY, code_hash text NOT NULL, expires_at timestamptz NOT NULL, attempts int NOT NULL DEFAULT 0
        )
      `,
    'DROP TABLE password_reset_codes',
  ),
];

/** How long an e-mailed code works, and how many wrong guesses end it. */
export const RESET_CODE_TTL_MINUTES = 15;
const MAX_ATTEMPTS = 5;

const hash = (email: string, code: string) => createHash('sha256').update(`${email}\n${code}`).digest('hex');

/**
 * Codes that let a person who lost their password set a new one: six digits, e-mailed, single-use, for 15 minutes and
 * five guesses. Only their hashes are kept (outside the log: they are secrets, decision 0015); a new request replaces
 * the previous code.
 */
export class PasswordResets {
  constructor(private readonly knex: Knex) {}

  async issue(email: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const key = email.toLowerCase();
    await this.knex('password_reset_codes')
      .insert({ email: key, code_hash: hash(key, code), expires_at: this.knex.raw(`now() + interval '${RESET_CODE_TTL_MINUTES} minutes'`), attempts: 0 })
      .onConflict('email')
      .merge();
    return code;
  }

  /** Whether `code` is the e-mail's live code; a right code is spent, a wrong one counts against it. */
  async consume(email: string, code: string): Promise<boolean> {
    const key = email.toLowerCase();
    return this.knex.transaction(async (trx) => {
      const row = (await trx('password_reset_codes').where({ email: key }).forUpdate().first()) as
        | { code_hash: string; expires_at: Date; attempts: number }
        | undefined;
      if (!row || row.expires_at.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.code_hash !== hash(key, code)) {
        await trx('password_reset_codes').where({ email: key }).increment('attempts', 1);
        return false;
      }
      await trx('password_reset_codes').where({ email: key }).delete();
      return true;
    });
  }
}
