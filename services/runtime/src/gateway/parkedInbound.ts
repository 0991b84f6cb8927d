import type { Knex } from 'knex';
import type { InboundMessage } from '@atendo/channels';
import { sqlMigration, type Migration } from '@atendo/platform';

/**
 * Customer messages the platform kept refusing, set aside so the customer's later messages are not held behind them.
 * Nothing is lost: an operator lists them (`atendo inbound`) and records them again after a fix
 * (`atendo inbound retry`). They are not business facts yet, so they wait in a plain table, not in the log.
 */
export const parkedInboundMigrations: Migration[] = [
  sqlMigration(
    '202611230001_parked_inbound',
    `
        CREATE TABLE parked_inbound (
          id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          connection_id       bigint NOT NULL,
          provider_message_id text   NOT NULL,
          message             jsonb  NOT NULL,
          reason              text   NOT NULL,
          attempts            int    NOT NULL DEFAULT 1,
          parked_at           timestamptz NOT NULL DEFAULT now(),
          last_tried_at       timestamptz NOT NULL DEFAULT now(),
          UNIQUE (connection_id, provider_message_id)
        )`,
    'DROP TABLE parked_inbound',
  ),
];

export interface ParkedMessage {
  id: number;
  connectionId: number;
  providerMessageId: string;
  message: InboundMessage;
  reason: string;
  attempts: number;
  parkedAt: Date;
}

interface ParkedRow {
  id: number;
  connection_id: number;
  provider_message_id: string;
  message: InboundMessage;
  reason: string;
  attempts: number;
  parked_at: Date;
}

const toParked = (r: ParkedRow): ParkedMessage => ({
  id: r.id,
  connectionId: r.connection_id,
  providerMessageId: r.provider_message_id,
  message: r.message,
  reason: r.reason,
  attempts: r.attempts,
  parkedAt: r.parked_at,
});

export class ParkedInbound {
  constructor(private readonly knex: Knex) {}

  async park(message: InboundMessage, reason: string): Promise<void> {
    await this.knex('parked_inbound')
      .insert({ connection_id: message.connectionId, provider_message_id: message.providerMessageId, message: JSON.stringify(message), reason: reason.slice(0, 2000) })
      .onConflict(['connection_id', 'provider_message_id'])
      .merge({ reason: reason.slice(0, 2000), attempts: this.knex.raw('parked_inbound.attempts + 1'), last_tried_at: this.knex.fn.now() });
  }

  async list(limit = 100): Promise<ParkedMessage[]> {
    return ((await this.knex('parked_inbound').orderBy('id').limit(limit)) as ParkedRow[]).map(toParked);
  }

  async count(): Promise<number> {
    const row = (await this.knex('parked_inbound').count<{ count: string }>('* as count').first())!;
    return Number(row.count);
  }

  /**
   * Records each parked message again (oldest first); a recorded one leaves the table, a refused one stays with the
   * new reason. Recording is idempotent by message id, so a retry of one recorded meanwhile changes nothing.
   */
  async retry(record: (message: InboundMessage) => Promise<void>, ids?: number[]): Promise<{ recorded: number; failed: Array<{ id: number; reason: string }> }> {
    let query = this.knex('parked_inbound').orderBy('id');
    if (ids?.length) query = query.whereIn('id', ids);
    const rows = (await query) as ParkedRow[];
    const failed: Array<{ id: number; reason: string }> = [];
    let recorded = 0;
    for (const row of rows) {
      try {
        await record(row.message);
        await this.knex('parked_inbound').where({ id: row.id }).delete();
        recorded++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failed.push({ id: row.id, reason });
        await this.knex('parked_inbound')
          .where({ id: row.id })
          .update({ reason: reason.slice(0, 2000), attempts: this.knex.raw('attempts + 1'), last_tried_at: this.knex.fn.now() });
      }
    }
    return { recorded, failed };
  }
}
