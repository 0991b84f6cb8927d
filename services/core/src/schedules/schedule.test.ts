import { describe, expect, it } from 'vitest';
import type { ScheduleEvent, ScheduleFields } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { scheduleDecider } from './schedule.js';

const spec = deciderSpec(scheduleDecider);
const now = '2030-01-01T10:00:00.000Z';
const fields: ScheduleFields = {
  companyId: 1,
  userId: 2,
  contactId: 3,
  body: 'Olá {{firstName}}',
  sendAt: '2030-01-01T12:00:00.000Z',
  whatsappId: null,
  ticketId: null,
  mediaPath: null,
  mediaName: null,
};
const created: ScheduleEvent = { type: 'ScheduleCreated', data: { id: 9, ...fields } };
const sent: ScheduleEvent = { type: 'ScheduleSent', data: { id: 9, sentAt: '2030-01-01T12:00:01.000Z', messageId: 'schedule-1-9', whatsappId: 4, ticketId: 5 } };
const failed: ScheduleEvent = { type: 'ScheduleFailed', data: { id: 9, reason: 'No connection', at: '2030-01-01T12:00:01.000Z' } };

describe('schedules', () => {
  it('are created only for a time ahead', () => {
    spec.given([]).when({ type: 'CreateSchedule', id: 9, fields, at: now }).then([created]);
    spec.given([]).when({ type: 'CreateSchedule', id: 9, fields: { ...fields, sendAt: now }, at: now }).thenThrows('ERR_SCHEDULE_IN_PAST');
    spec.given([]).when({ type: 'CreateSchedule', id: 9, fields: { ...fields, sendAt: '2029-12-31T00:00:00.000Z' }, at: now }).thenThrows('ERR_SCHEDULE_IN_PAST');
    spec.given([created]).when({ type: 'CreateSchedule', id: 9, fields, at: now }).thenThrows('ERR_VALIDATION');
  });

  it('change until sent: only what differs, a new time ahead', () => {
    spec.given([created]).when({ type: 'UpdateSchedule', changes: { body: 'Olá de novo', sendAt: fields.sendAt }, at: now }).then([{ type: 'ScheduleUpdated', data: { id: 9, changes: { body: 'Olá de novo' } } }]);
    spec.given([created]).when({ type: 'UpdateSchedule', changes: { body: fields.body }, at: now }).then([]);
    spec.given([created]).when({ type: 'UpdateSchedule', changes: { sendAt: '2029-01-01T00:00:00.000Z' }, at: now }).thenThrows('ERR_SCHEDULE_IN_PAST');
    spec.given([created, sent]).when({ type: 'UpdateSchedule', changes: { body: 'Olá de novo' }, at: now }).thenThrows('ERR_SCHEDULE_ALREADY_SENT');
    spec.given([created, sent]).when({ type: 'UpdateSchedule', changes: {}, at: now }).thenThrows('ERR_SCHEDULE_ALREADY_SENT');
  });

  it('a failed one edited goes back in line, at a time ahead', () => {
    const later = '2030-01-02T09:00:00.000Z';
    spec
      .given([created, failed])
      .when({ type: 'UpdateSchedule', changes: { sendAt: later }, at: now })
      .thenState((s) => expect(s).toMatchObject({ status: 'PENDENTE', error: null, fields: { sendAt: later } }));
    spec.given([created, failed]).when({ type: 'UpdateSchedule', changes: { body: 'Olá outra vez' }, at: '2030-01-01T13:00:00.000Z' }).thenThrows('ERR_SCHEDULE_IN_PAST');
  });

  it('are sent once; a failure after the send changes nothing', () => {
    spec.given([created]).when({ type: 'RecordScheduleSent', sentAt: sent.data.sentAt, messageId: 'schedule-1-9', whatsappId: 4, ticketId: 5 }).then([sent]);
    spec.given([created, sent]).when({ type: 'RecordScheduleSent', sentAt: '2030-01-01T12:05:00.000Z', messageId: 'schedule-1-9', whatsappId: 4, ticketId: 5 }).then([]);
    spec.given([created, sent]).when({ type: 'RecordScheduleFailure', reason: 'late', at: now }).then([]);
    spec.given([created]).when({ type: 'RecordScheduleFailure', reason: 'No connection', at: failed.data.at }).then([failed]);
    spec.given([created, failed]).when({ type: 'RecordScheduleFailure', reason: 'again', at: now }).then([]);
    spec.given([created, sent]).when({ type: 'RecordScheduleSent', sentAt: now, messageId: 'x', whatsappId: 4, ticketId: 5 }).thenState((s) => expect(s.status).toBe('ENVIADA'));
  });

  it('are deleted at any time, and then not found', () => {
    spec.given([created, sent]).when({ type: 'DeleteSchedule' }).then([{ type: 'ScheduleDeleted', data: { id: 9 } }]);
    spec.given([created, { type: 'ScheduleDeleted', data: { id: 9 } }]).when({ type: 'DeleteSchedule' }).thenThrows('ERR_SCHEDULE_NOT_FOUND');
    spec.given([created, { type: 'ScheduleDeleted', data: { id: 9 } }]).when({ type: 'RecordScheduleSent', sentAt: now, messageId: 'x', whatsappId: 4, ticketId: 5 }).thenThrows('ERR_SCHEDULE_NOT_FOUND');
    spec.given([]).when({ type: 'UpdateSchedule', changes: { body: 'Olá de novo' }, at: now }).thenThrows('ERR_SCHEDULE_NOT_FOUND');
  });
});
