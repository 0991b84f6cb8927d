import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

/**
 * Refresh tokens rotate on every use. Each login starts a family; presenting a token that was already rotated
 * (a stolen copy, or a replay) revokes the whole family — unless it comes back within a short grace, as when two
 * tabs refresh at once with the same cookie: then it gets a new token of the same family. Only hashes are stored.
 * These rows are credentials, not business facts, so they live in a plain table (docs/decisions/0006-auth-sessions.md).
 */
export const refreshTokenMigrations: Migration[] = [
  sqlMigration(
    '202611220050_refresh_tokens',
    `
        CREATE TABLE refresh_tokens (
          token_hash text PRIMARY KEY, family_id uuid NOT NULL, user_id bigint NOT NULL, company_id bigint NOT NULL,
          expires_at timestamptz NOT NULL, rotated_at timestamptz, revoked_at timestamptz,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
      `,
    'DROP TABLE refresh_tokens',
  ),
];

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type RotateResult =
  | { ok: true; token: string; userId: number; companyId: number; sessionId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

export class RefreshTokens {
  constructor(
    private readonly knex: Knex,
    private readonly ttlSeconds: number,
    /** How long a just-rotated token may be presented again without counting as reuse. */
    private readonly reuseGraceSeconds = 30,
  ) {}

  async issue(userId: number, companyId: number, familyId: string = randomUUID(), trx: Knex | Knex.Transaction = this.knex): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await trx('refresh_tokens').insert({
      token_hash: hash(token),
      family_id: familyId,
      user_id: userId,
      company_id: companyId,
      expires_at: new Date(Date.now() + this.ttlSeconds * 1000),
    });
    return token;
  }

  async rotate(token: string): Promise<RotateResult> {
    return this.knex.transaction(async (trx) => {
      const row = await trx('refresh_tokens').where({ token_hash: hash(token) }).forUpdate().first();
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
      if (row.rotated_at && Date.now() - new Date(row.rotated_at).getTime() > this.reuseGraceSeconds * 1000) {
        await trx('refresh_tokens').where({ family_id: row.family_id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
        return { ok: false, reason: 'reused' } as const;
      }
      if (new Date(row.expires_at) <= new Date()) return { ok: false, reason: 'expired' } as const;
      if (!row.rotated_at) await trx('refresh_tokens').where({ token_hash: row.token_hash }).update({ rotated_at: trx.fn.now() });
      const next = await this.issue(row.user_id, row.company_id, row.family_id, trx);
      return { ok: true, token: next, userId: row.user_id, companyId: row.company_id, sessionId: row.family_id } as const;
    });
  }

  /** Deletes rows that can no longer be used: expired or revoked. Returns how many. */
  async purge(): Promise<number> {
    return this.knex('refresh_tokens').where('expires_at', '<', this.knex.fn.now()).orWhereNotNull('revoked_at').delete();
  }

  async revokeFamilyOf(token: string): Promise<void> {
    const row = await this.knex('refresh_tokens').where({ token_hash: hash(token) }).first('family_id');
    if (row) await this.knex('refresh_tokens').where({ family_id: row.family_id }).whereNull('revoked_at').update({ revoked_at: this.knex.fn.now() });
  }

  /**
   * Ends every session of a user but `keep` (their password changed: whoever held the old one is signed out, the user
   * who changed it stays). Access tokens already given live out their short TTL.
   */
  async revokeUser(userId: number, keep?: string): Promise<void> {
    const sessions = this.knex('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at');
    if (keep) sessions.whereNot({ family_id: keep });
    await sessions.update({ revoked_at: this.knex.fn.now() });
  }
}
