import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

/**
 * Idempotency keys of replies, per company: which ticket a key was first used on. A key is claimed before the reply
 * is appended, so the same key on another ticket is refused however fast two requests race. This is request
 * deduplication, not a business fact: rows are forgotten after a day (a reply's message id is derived from its
 * ticket and key, so even a forgotten key reused elsewhere cannot name another message).
 */
export const idempotencyKeyMigrations: Migration[] = [
  sqlMigration(
    '202611230010_idempotency_keys',
    `
        CREATE TABLE idempotency_keys (
          company_id bigint NOT NULL, key text NOT NULL, ticket_id bigint NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (company_id, key)
        );
        CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      `,
    'DROP TABLE idempotency_keys',
  ),
];

const RETENTION = '1 day';
const PURGE_EVERY_MS = 60 * 60 * 1000;

export class IdempotencyKeys {
  private lastPurge = 0;

  constructor(private readonly knex: Knex) {}

  /** Claims `key` for `ticketId`; resolves with the ticket that holds it (`ticketId` unless another ticket does). */
  async claim(companyId: number, key: string, ticketId: number): Promise<number> {
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.knex.raw(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${RETENTION}'`);
    }
    // DO UPDATE (of nothing that matters) makes RETURNING answer with the row that holds the key, new or old.
    const { rows } = await this.knex.raw<{ rows: Array<{ ticket_id: string }> }>(
      `INSERT INTO idempotency_keys (company_id, key, ticket_id) VALUES (?, ?, ?)
       ON CONFLICT (company_id, key) DO UPDATE SET key = EXCLUDED.key RETURNING ticket_id`,
      [companyId, key.toLowerCase(), ticketId],
    );
    return Number(rows[0]!.ticket_id);
  }
}
