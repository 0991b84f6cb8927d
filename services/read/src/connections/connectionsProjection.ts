import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';
import type { RecordedEvent, Whatsapp, WhatsappSessionEvent, WhatsappSettings } from '@atendo/contracts';
import type { Projection, ProjectionContext } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes, type RecordTable } from '../projections/records.js';

/**
 * The table `whatsapps` keeps its name; it is created by companies/migrations.ts. The settings added with the
 * connections page default in the table, so a connection whose events predate them reads as spec §3 says.
 */
export const connectionsMigrations: Migration[] = [
  sqlMigration(
    '202611242000_connection_settings',
    `
        ALTER TABLE whatsapps
          ADD COLUMN expires_inactive_message text NOT NULL DEFAULT '',
          ADD COLUMN prompt_id bigint, ADD COLUMN integration_id bigint, ADD COLUMN transfer_queue_id bigint,
          ADD COLUMN time_to_transfer int
      `,
    'ALTER TABLE whatsapps DROP COLUMN expires_inactive_message, DROP COLUMN prompt_id, DROP COLUMN integration_id, DROP COLUMN transfer_queue_id, DROP COLUMN time_to_transfer',
  ),
  // Connections written before a connection chose its channel were the demo's simulated one.
  sqlMigration(
    '202611251000_connection_channel',
    `
        ALTER TABLE whatsapps
          ADD COLUMN channel text NOT NULL DEFAULT 'simulator',
          ADD COLUMN status_reason text NOT NULL DEFAULT '',
          ADD COLUMN degraded boolean NOT NULL DEFAULT false
      `,
    'ALTER TABLE whatsapps DROP COLUMN channel, DROP COLUMN status_reason, DROP COLUMN degraded',
  ),
];

const CONNECTIONS: RecordTable = {
  kind: 'Whatsapp',
  table: 'whatsapps',
  columns: new Set(['company_id', 'name', 'is_default', 'provider', 'greeting_message', 'complation_message', 'out_of_hours_message', 'rating_message', 'expires_ticket', 'time_use_bot_queues', 'max_use_bot_queues', 'queue_ids', 'expires_inactive_message', 'prompt_id', 'integration_id', 'transfer_queue_id', 'time_to_transfer', 'channel']),
  // A new connection has no session yet: the channel reports one later (WhatsappSessionChanged).
  defaults: { status: 'DISCONNECTED', qrcode: '', retries: 0 },
};

interface WhatsappRow {
  id: number;
  company_id: number;
  name: string;
  status: Whatsapp['status'];
  qrcode: string;
  is_default: boolean;
  provider: string;
  retries: number;
  greeting_message: string;
  complation_message: string;
  out_of_hours_message: string;
  rating_message: string;
  expires_ticket: number;
  time_use_bot_queues: number;
  max_use_bot_queues: number;
  queue_ids: number[];
  expires_inactive_message: string;
  prompt_id: number | null;
  integration_id: number | null;
  transfer_queue_id: number | null;
  time_to_transfer: number | null;
  channel: Whatsapp['channel'];
  status_reason: string;
  degraded: boolean;
  updated_at: Date;
}

export async function whatsappPayload(knex: Knex, row: WhatsappRow): Promise<Whatsapp & WhatsappSettings> {
  const queues = row.queue_ids.length
    ? ((await knex('queues').whereIn('id', row.queue_ids).select('id', 'name', 'color').orderBy('id')) as Whatsapp['queues'])
    : [];
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    qrcode: row.qrcode,
    isDefault: row.is_default,
    updatedAt: new Date(row.updated_at).toISOString(),
    retries: row.retries,
    greetingMessage: row.greeting_message,
    complationMessage: row.complation_message,
    outOfHoursMessage: row.out_of_hours_message,
    ratingMessage: row.rating_message,
    provider: row.provider,
    expiresTicket: row.expires_ticket,
    timeUseBotQueues: row.time_use_bot_queues,
    maxUseBotQueues: row.max_use_bot_queues,
    queues,
    queueIds: row.queue_ids,
    expiresInactiveMessage: row.expires_inactive_message,
    promptId: row.prompt_id,
    integrationId: row.integration_id,
    transferQueueId: row.transfer_queue_id,
    timeToTransfer: row.time_to_transfer,
    channel: row.channel,
    statusReason: row.status_reason,
    degraded: row.degraded,
  };
}

async function applySession(event: WhatsappSessionEvent, at: string, { trx, emit, rebuilding }: ProjectionContext): Promise<void> {
  const { data } = event;
  const change =
    event.type === 'WhatsappDeliveryChanged'
      ? { degraded: event.data.degraded }
      : { status: event.data.status, qrcode: event.data.qrcode, status_reason: event.data.reason ?? '', updated_at: at, retries: event.data.status === 'CONNECTED' ? 0 : trx.raw('retries') };
  const [row] = (await trx('whatsapps').where({ id: data.whatsappId }).update(change).returning('*')) as WhatsappRow[];
  if (row && !rebuilding) {
    // The payload carries the QR code that pairs the connection: only those who may manage connections see it.
    emit({ companyId: row.company_id, channel: 'whatsappSession', payload: { action: 'update', session: await whatsappPayload(trx, row) }, audience: { kind: 'admins' } });
  }
}

async function applyOne(event: RecordedEvent, context: ProjectionContext): Promise<void> {
  if (event.type === 'WhatsappSessionChanged' || event.type === 'WhatsappDeliveryChanged') {
    await applySession(event as unknown as WhatsappSessionEvent, event.metadata.occurredAt, context);
    return;
  }
  const change = await applyRecordEvent(CONNECTIONS, event, context.trx);
  if (!change || context.rebuilding) return;
  const { id } = event.data as { id: number };
  const companyId = event.metadata.companyId;
  if (change === 'delete') {
    context.emit({ companyId, channel: 'whatsapp', payload: { action: 'delete', whatsappId: id }, audience: { kind: 'admins' } });
  } else {
    const row = (await context.trx('whatsapps').where({ id }).first()) as WhatsappRow;
    context.emit({ companyId, channel: 'whatsapp', payload: { action: 'update', whatsapp: await whatsappPayload(context.trx, row) }, audience: { kind: 'admins' } });
  }
}

/** WhatsApp connections with their session state. */
export const connectionsProjection: Projection = {
  name: 'connections',
  tables: [CONNECTIONS.table],
  eventTypes: [...recordEventTypes(CONNECTIONS.kind), 'WhatsappSessionChanged', 'WhatsappDeliveryChanged'],
  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
  },
};
