import type { Knex } from 'knex';
import { sqlMigration } from '@atendo/platform';
import { BufferJSON, type WAMessage } from '@whiskeysockets/baileys';

export const inboundJournalMigration = sqlMigration(
  '202611251310_whatsapp_inbound_journal',
  `
      CREATE TABLE whatsapp_inbound_journal (
        whatsapp_id bigint NOT NULL,
        provider_message_id text NOT NULL,
        message text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (whatsapp_id, provider_message_id)
      )
    `,
  'DROP TABLE whatsapp_inbound_journal',
);

/**
 * Baileys confirms a message to WhatsApp before it hands it over, so WhatsApp will not deliver it again: from then
 * on the platform is the only keeper. The journal writes what the socket hands over, in one statement per batch and
 * before anything else is done with it; a message leaves the journal once the platform has recorded (or parked) it,
 * and a session that starts replays what an earlier process left there. Keys are stored as JSON, not protobuf, so
 * their LID fields survive (baileys7.md §5).
 */
export class InboundJournal {
  constructor(private readonly knex: Knex) {}

  async write(whatsappId: number, messages: WAMessage[]): Promise<void> {
    const rows = messages
      .filter((m) => m.key.id)
      .map((m) => ({ whatsapp_id: whatsappId, provider_message_id: m.key.id!, message: JSON.stringify(m, BufferJSON.replacer) }));
    if (rows.length) await this.knex('whatsapp_inbound_journal').insert(rows).onConflict(['whatsapp_id', 'provider_message_id']).ignore();
  }

  async done(whatsappId: number, providerMessageId: string): Promise<void> {
    await this.knex('whatsapp_inbound_journal').where({ whatsapp_id: whatsappId, provider_message_id: providerMessageId }).delete();
  }

  /** What an earlier process received and did not finish, oldest first. */
  async pending(whatsappId: number, limit = 10_000): Promise<WAMessage[]> {
    const rows = await this.knex('whatsapp_inbound_journal').where({ whatsapp_id: whatsappId }).orderBy('received_at').limit(limit).select('message');
    return rows.map((r: { message: string }) => JSON.parse(r.message, BufferJSON.reviver) as WAMessage);
  }

  async forget(whatsappId: number): Promise<void> {
    await this.knex('whatsapp_inbound_journal').where({ whatsapp_id: whatsappId }).delete();
  }
}
