import { SCHEDULE_EVENT_TYPES, type RecordedEvent, type ScheduleEvent, type ScheduleFeedPayload } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { ScheduleQueries } from './queries.js';

/** camelCase fields of a schedule's events → the table's columns. */
const COLUMNS: Record<string, string> = {
  companyId: 'company_id',
  userId: 'user_id',
  contactId: 'contact_id',
  body: 'body',
  sendAt: 'send_at',
  whatsappId: 'whatsapp_id',
  ticketId: 'ticket_id',
  mediaPath: 'media_path',
  mediaName: 'media_name',
};

const columns = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([k]) => k in COLUMNS).map(([k, v]) => [COLUMNS[k], v]));

/**
 * Scheduled messages, for the calendar and the jobs role that sends them. Every user of the company sees them (the
 * spec's menu shows /schedules to everyone): each change goes to the company's consoles on `schedule`.
 */
export const schedulesProjection: Projection = {
  name: 'schedules',
  tables: ['schedules'],
  eventTypes: SCHEDULE_EVENT_TYPES,
  rowsPerStream: true,
  placementOnly: true,
  async apply(events, { trx, emit, rebuilding }) {
    const queries = new ScheduleQueries(trx);
    for (const recorded of events as RecordedEvent[]) {
      const event = recorded as unknown as ScheduleEvent & { metadata: RecordedEvent['metadata'] };
      const { companyId, occurredAt: at } = recorded.metadata;
      const id = event.data.id;
      let action: 'create' | 'update' | 'delete';
      switch (event.type) {
        case 'ScheduleCreated': {
          const { id: _id, ...fields } = event.data;
          await trx('schedules').insert({ id, ...columns(fields), status: 'PENDENTE', created_at: at, updated_at: at }).onConflict('id').merge();
          action = 'create';
          break;
        }
        case 'ScheduleUpdated':
          await trx('schedules').where({ id }).update({ ...columns(event.data.changes), status: 'PENDENTE', error: null, updated_at: at });
          action = 'update';
          break;
        case 'ScheduleDeleted':
          await trx('schedules').where({ id }).delete();
          action = 'delete';
          break;
        case 'ScheduleSent':
          await trx('schedules')
            .where({ id })
            .update({ status: 'ENVIADA', sent_at: event.data.sentAt, message_id: event.data.messageId, whatsapp_id: event.data.whatsappId, ticket_id: event.data.ticketId, error: null, updated_at: at });
          action = 'update';
          break;
        case 'ScheduleFailed':
          await trx('schedules').where({ id }).update({ status: 'ERRO', error: event.data.reason, updated_at: at });
          action = 'update';
          break;
        default:
          continue;
      }
      if (rebuilding) continue;
      let payload: ScheduleFeedPayload;
      if (action === 'delete') payload = { action, scheduleId: id };
      else {
        const schedule = await queries.find(companyId, id);
        if (!schedule) continue;
        payload = { action, schedule };
      }
      emit({ companyId, channel: 'schedule', payload, audience: { kind: 'company' } });
    }
  },
};
