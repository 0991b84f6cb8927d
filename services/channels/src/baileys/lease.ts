import type { Knex } from 'knex';
import { sqlMigration } from '@atendo/platform';

/** The lease table: which gateway process runs which connection's session, until when. */
export const sessionLeaseMigration = sqlMigration(
  '202611251300_whatsapp_session_leases',
  `
      CREATE TABLE whatsapp_session_leases (
        whatsapp_id bigint PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      )
    `,
  'DROP TABLE whatsapp_session_leases',
);

/**
 * One owner per connection: two processes running the same number would fight over it (WhatsApp closes one with
 * 440 "replaced", and both loop). A process takes a connection's lease before opening its socket, renews all its
 * leases together, and gives a lease up when it stops the session. A crashed owner's leases lapse after the TTL; an
 * owner that restarts under the same name (GATEWAY_ID) takes its own leases back at once.
 */
export class SessionLeases {
  constructor(
    private readonly knex: Knex,
    readonly owner: string,
    readonly ttlMs: number = 30_000,
  ) {}

  /** Takes the lease if it is free, lapsed or already ours; false when another live owner holds it. */
  async acquire(whatsappId: number): Promise<boolean> {
    const result = await this.knex.raw(
      `INSERT INTO whatsapp_session_leases (whatsapp_id, owner, expires_at) VALUES (?, ?, now() + make_interval(secs => ?))
       ON CONFLICT (whatsapp_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
         WHERE whatsapp_session_leases.owner = EXCLUDED.owner OR whatsapp_session_leases.expires_at < now()
       RETURNING owner`,
      [whatsappId, this.owner, this.ttlMs / 1000],
    );
    return result.rows.length === 1;
  }

  /** Extends every lease this owner holds among `ids`; answers the ids it no longer holds (taken over after a lapse). */
  async renew(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const result = await this.knex.raw(
      `UPDATE whatsapp_session_leases SET expires_at = now() + make_interval(secs => ?)
       WHERE owner = ? AND whatsapp_id = ANY(?::bigint[]) RETURNING whatsapp_id`,
      [this.ttlMs / 1000, this.owner, ids],
    );
    const held = new Set((result.rows as Array<{ whatsapp_id: string | number }>).map((r) => Number(r.whatsapp_id)));
    return ids.filter((id) => !held.has(id));
  }

  async release(whatsappId: number): Promise<void> {
    await this.knex('whatsapp_session_leases').where({ whatsapp_id: whatsappId, owner: this.owner }).delete();
  }

  /** Who holds a connection now (null when nobody does): for /health and operators. */
  async holder(whatsappId: number): Promise<string | null> {
    const row = await this.knex('whatsapp_session_leases').where({ whatsapp_id: whatsappId }).andWhere('expires_at', '>', this.knex.fn.now()).first('owner');
    return row ? (row.owner as string) : null;
  }
}
