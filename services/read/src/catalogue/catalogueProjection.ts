import type { Knex } from 'knex';
import type { RecordedEvent, Whatsapp } from '@atendo/contracts';
import type { Projection, ProjectionContext } from '../projections/projection.js';

const TABLES: Record<string, string> = { Plan: 'plans', Company: 'companies', User: 'users', Queue: 'queues', Whatsapp: 'whatsapps' };
const KINDS = Object.keys(TABLES);

/**
 * The columns each table takes from events. A field an event carries without a column here (an older or newer
 * version of the event, say) is left out instead of failing the projection.
 */
const COLUMNS: Record<string, ReadonlySet<string>> = {
  plans: new Set(['name', 'users', 'connections', 'queues', 'value', 'use_campaigns', 'use_schedules', 'use_internal_chat', 'use_external_api', 'use_kanban', 'use_open_ai', 'use_integrations']),
  companies: new Set(['name', 'email', 'phone', 'plan_id', 'status', 'due_date', 'recurrence', 'settings']),
  users: new Set(['company_id', 'name', 'email', 'profile', 'super', 'all_ticket', 'whatsapp_id', 'queue_ids']),
  queues: new Set(['company_id', 'name', 'color', 'greeting_message', 'out_of_hours_message', 'order_queue']),
  whatsapps: new Set(['company_id', 'name', 'is_default', 'provider', 'greeting_message', 'complation_message', 'out_of_hours_message', 'rating_message', 'expires_ticket', 'time_use_bot_queues', 'max_use_bot_queues', 'queue_ids']),
};

/** camelCase event fields → the table's snake_case columns; arrays and objects become JSON. */
function toColumns(table: string, fields: Record<string, unknown>): Record<string, unknown> {
  const columns = COLUMNS[table]!;
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!columns.has(column)) continue;
    row[column] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return row;
}

export const catalogueEventTypes = [...KINDS.flatMap((k) => [`${k}Created`, `${k}Updated`, `${k}Deleted`]), 'WhatsappSessionChanged'];

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
  updated_at: Date;
}

export async function whatsappPayload(knex: Knex, row: WhatsappRow): Promise<Whatsapp> {
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
  };
}

async function applyOne(event: RecordedEvent, { trx, emit, rebuilding }: ProjectionContext): Promise<void> {
  const at = event.metadata.occurredAt;
  if (event.type === 'WhatsappSessionChanged') {
    const data = event.data as { whatsappId: number; status: Whatsapp['status']; qrcode: string };
    const [row] = (await trx('whatsapps')
      .where({ id: data.whatsappId })
      .update({ status: data.status, qrcode: data.qrcode, updated_at: at, retries: data.status === 'CONNECTED' ? 0 : trx.raw('retries') })
      .returning('*')) as WhatsappRow[];
    if (row && !rebuilding) {
      // The payload carries the QR code that pairs the connection: only those who may manage connections see it.
      emit({ companyId: row.company_id, channel: 'whatsappSession', payload: { action: 'update', session: await whatsappPayload(trx, row) }, audience: { kind: 'admins' } });
    }
    return;
  }
  const match = /^(Plan|Company|User|Queue|Whatsapp)(Created|Updated|Deleted)$/.exec(event.type);
  if (!match) return;
  const [, kind, change] = match as unknown as [string, string, 'Created' | 'Updated' | 'Deleted'];
  const table = TABLES[kind]!;
  const data = event.data as { id: number; changes?: Record<string, unknown> } & Record<string, unknown>;
  if (change === 'Created') {
    const { id, ...fields } = data;
    const extra = kind === 'Whatsapp' ? { status: 'DISCONNECTED', qrcode: '', retries: 0 } : {};
    await trx(table).insert({ id, ...toColumns(table, fields), ...extra, created_at: at, updated_at: at }).onConflict('id').merge();
  } else if (change === 'Updated') {
    await trx(table).where({ id: data.id }).update({ ...toColumns(table, data.changes ?? {}), updated_at: at });
  } else {
    await trx(table).where({ id: data.id }).delete();
  }
  if (rebuilding) return;
  if (kind === 'Whatsapp') {
    const companyId = event.metadata.companyId;
    if (change === 'Deleted') {
      emit({ companyId, channel: 'whatsapp', payload: { action: 'delete', whatsappId: data.id }, audience: { kind: 'admins' } });
    } else {
      const row = (await trx('whatsapps').where({ id: data.id }).first()) as WhatsappRow;
      emit({ companyId, channel: 'whatsapp', payload: { action: 'update', whatsapp: await whatsappPayload(trx, row) }, audience: { kind: 'admins' } });
    }
  } else if (kind === 'User' || kind === 'Queue') {
    const action = change === 'Created' ? 'create' : change === 'Updated' ? 'update' : 'delete';
    const channel = kind === 'User' ? 'user' : 'queue';
    const payload = change === 'Deleted' ? { action, [`${channel}Id`]: data.id } : { action, id: data.id };
    emit({ companyId: event.metadata.companyId, channel, payload, audience: { kind: 'company' } });
  }
}

/** Companies, plans, users, queues and connections (with their session state). */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  tables: Object.values(TABLES),
  eventTypes: catalogueEventTypes,
  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
  },
};
