import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

export const identityMigrations: Migration[] = [
  sqlMigration(
    '202611251400_whatsapp_identities',
    `
        CREATE TABLE whatsapp_identities (
          company_id bigint NOT NULL,
          lid        text   NOT NULL,
          pn         text   NOT NULL,
          learned_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (company_id, lid)
        )`,
    'DROP TABLE whatsapp_identities',
  ),
];

/** How a customer known only by their LID is addressed: the conversation's number is `{lid}@lid`. */
export const lidAddress = (lid: string) => `${lid}@lid`;

/**
 * Which phone number is behind a LID (WhatsApp's privacy identifier), as WhatsApp revealed it: with a message that
 * carries both addresses, or in an identity update. With it, a customer who writes from their LID lands on the same
 * contact and thread as when they wrote from their number; without it, they are a contact of their own, addressed by
 * the LID (replies to it work). Per company: each company learns from its own connections.
 */
export class IdentityMap {
  private readonly known = new Map<string, string>();

  constructor(private readonly knex: Knex) {}

  async phoneOf(companyId: number, lid: string): Promise<string | null> {
    const cached = this.known.get(`${companyId}:${lid}`);
    if (cached) return cached;
    const row = (await this.knex('whatsapp_identities').where({ company_id: companyId, lid }).first('pn')) as { pn: string } | undefined;
    if (row) this.remember(companyId, lid, row.pn);
    return row?.pn ?? null;
  }

  /** Records a pair; true when it is news (a new LID, or one whose number changed). */
  async learn(companyId: number, lid: string, pn: string): Promise<boolean> {
    if (this.known.get(`${companyId}:${lid}`) === pn) return false;
    const result = await this.knex.raw(
      `INSERT INTO whatsapp_identities (company_id, lid, pn) VALUES (?, ?, ?)
       ON CONFLICT (company_id, lid) DO UPDATE SET pn = EXCLUDED.pn, learned_at = now() WHERE whatsapp_identities.pn <> EXCLUDED.pn
       RETURNING pn`,
      [companyId, lid, pn],
    );
    this.remember(companyId, lid, pn);
    return result.rows.length === 1;
  }

  private remember(companyId: number, lid: string, pn: string): void {
    this.known.set(`${companyId}:${lid}`, pn);
    if (this.known.size > 50_000) this.known.delete(this.known.keys().next().value!);
  }
}
