import type { Knex } from 'knex';
import type { Migration } from '@atendo/core';

/**
 * Connections' API tokens (spec §3 `token`: what the external send API is called with). A token is a credential, so
 * it never travels in an event (decision 0015): the connection's stream says what the connection is, this table
 * what authorises sending through it.
 */
export const connectionTokenMigrations: Migration[] = [
  {
    name: '202611242001_whatsapp_tokens',
    up: (knex) =>
      knex.raw(`
        CREATE TABLE whatsapp_tokens (
          whatsapp_id bigint PRIMARY KEY, company_id bigint NOT NULL, token text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX whatsapp_tokens_token ON whatsapp_tokens (token) WHERE token <> '';
      `),
    down: (knex) => knex.raw('DROP TABLE whatsapp_tokens'),
  },
];

export class ConnectionTokens {
  constructor(private readonly knex: Knex) {}

  async get(companyId: number, whatsappId: number): Promise<string> {
    const row = (await this.knex('whatsapp_tokens').where({ company_id: companyId, whatsapp_id: whatsappId }).first('token')) as { token: string } | undefined;
    return row?.token ?? '';
  }

  async set(companyId: number, whatsappId: number, token: string): Promise<void> {
    await this.knex('whatsapp_tokens')
      .insert({ whatsapp_id: whatsappId, company_id: companyId, token, updated_at: new Date() })
      .onConflict('whatsapp_id')
      .merge(['token', 'updated_at']);
  }

  /** The connection a token authorises; null for no token, an unknown one, or one two connections share. */
  async byToken(token: string): Promise<{ companyId: number; whatsappId: number } | null> {
    if (!token) return null;
    const rows = (await this.knex('whatsapp_tokens').where({ token }).limit(2).select('company_id', 'whatsapp_id')) as Array<{ company_id: string | number; whatsapp_id: string | number }>;
    return rows.length === 1 ? { companyId: Number(rows[0]!.company_id), whatsappId: Number(rows[0]!.whatsapp_id) } : null;
  }

  async remove(whatsappId: number): Promise<void> {
    await this.knex('whatsapp_tokens').where({ whatsapp_id: whatsappId }).delete();
  }
}
