import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SECRET_MASK } from '@atendo/core';
import { type Migration, sqlMigration } from '@atendo/platform';

/**
 * Connections' API tokens (spec §3 `token`: what the external send API is called with). A token is a credential, so
 * it never travels in an event (decision 0015): the connection's stream says what the connection is, this table
 * what authorises sending through it.
 *
 * Issue 32: the server makes every token (32 random bytes) and keeps only its SHA-256 (enough for a random secret of
 * that size: nothing to guess from a leaked row) and, for the console, its last four characters. The hash is unique,
 * so one connection's token can never be another's (decision 0035).
 */
/** A token shorter than this (one chosen before issue 32) shows no characters: its last four would be most of it. */
const HINT_MIN_LENGTH = 16;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const connectionTokenMigrations: Migration[] = [
  sqlMigration(
    '202611242001_whatsapp_tokens',
    `
        CREATE TABLE whatsapp_tokens (
          whatsapp_id bigint PRIMARY KEY, company_id bigint NOT NULL, token text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX whatsapp_tokens_token ON whatsapp_tokens (token) WHERE token <> '';
      `,
    'DROP TABLE whatsapp_tokens',
  ),
  // Tokens already in use keep working, hashed; an empty one and one two connections shared authorised nothing.
  sqlMigration(
    '202611291100_whatsapp_tokens_hashed',
    `
        DELETE FROM whatsapp_tokens WHERE token = '' OR token IN (SELECT token FROM whatsapp_tokens GROUP BY token HAVING count(*) > 1);
        ALTER TABLE whatsapp_tokens ADD COLUMN token_hash text, ADD COLUMN token_hint text NOT NULL DEFAULT '';
        UPDATE whatsapp_tokens SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex'), token_hint = CASE WHEN length(token) >= ${HINT_MIN_LENGTH} THEN right(token, 4) ELSE '' END;
        ALTER TABLE whatsapp_tokens DROP COLUMN token, ALTER COLUMN token_hash SET NOT NULL;
        CREATE UNIQUE INDEX whatsapp_tokens_hash ON whatsapp_tokens (token_hash);
      `,
    'DELETE FROM whatsapp_tokens; DROP INDEX whatsapp_tokens_hash; ALTER TABLE whatsapp_tokens DROP COLUMN token_hash, DROP COLUMN token_hint, ADD COLUMN token text NOT NULL',
  ),
];

export class ConnectionTokens {
  constructor(private readonly knex: Knex) {}

  /** What the console shows of a connection's token: the mask and its last four characters; '' for none. */
  async shown(companyId: number, whatsappId: number): Promise<string> {
    const row = (await this.knex('whatsapp_tokens').where({ company_id: companyId, whatsapp_id: whatsappId }).first('token_hint')) as { token_hint: string } | undefined;
    return row ? `${SECRET_MASK}${row.token_hint}` : '';
  }

  /** A new token for the connection, replacing its old one; the only time it is seen whole. */
  async generate(companyId: number, whatsappId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.knex('whatsapp_tokens')
      .insert({ whatsapp_id: whatsappId, company_id: companyId, token_hash: hashOf(token), token_hint: token.slice(-4), updated_at: new Date() })
      .onConflict('whatsapp_id')
      .merge(['token_hash', 'token_hint', 'updated_at']);
    return token;
  }

  /** The connection a token authorises; null for no token or an unknown one. */
  async byToken(token: string): Promise<{ companyId: number; whatsappId: number } | null> {
    if (!token) return null;
    const row = (await this.knex('whatsapp_tokens').where({ token_hash: hashOf(token) }).first('company_id', 'whatsapp_id')) as { company_id: string | number; whatsapp_id: string | number } | undefined;
    return row ? { companyId: Number(row.company_id), whatsappId: Number(row.whatsapp_id) } : null;
  }

  async remove(whatsappId: number): Promise<void> {
    await this.knex('whatsapp_tokens').where({ whatsapp_id: whatsappId }).delete();
  }
}
