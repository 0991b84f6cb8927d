import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { CompanySchedule } from '@atendo/contracts';
import { businessMinutes, hasOpeningHours } from '@atendo/core/dashboard';
import type { PostgresEventStore } from '@atendo/platform';
import type { Projector } from '../projections/projector.js';
import { projectionSuite } from '../testing/databaseSuite.js';
import { dashboardMigrations } from './migrations.js';
import { ticketTimesProjection } from './ticketTimesProjection.js';

const COMPANY = 3;
const weekdays: CompanySchedule[] = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((d) => ({ weekday: d, weekdayEn: d, startTime: '09:00', endTime: '18:00' }));
const evenings: CompanySchedule[] = [{ weekday: 'segunda', weekdayEn: 'monday', startTime: '18:00', endTime: '22:00' }];

/**
 * ticket_times against real PostgreSQL, fed events one append at a time (UTC company, Monday to Friday 09:00–18:00;
 * 2026-11-23 is a Monday): the cases the product test does not reach.
 */
describe('ticket_times projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let projector: Projector;
  projectionSuite(ticketTimesProjection({ businessMinutes, hasOpeningHours }), [dashboardMigrations], (rig) => {
    ({ knex, store, projector } = rig);
  });

  let streams = 0;
  const append = async (streamId: string, type: string, data: unknown, at: string, companyId = COMPANY) => {
    const { position } = await store.append(streamId, [{ type, data, metadata: { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: at } }]);
    await projector.waitFor(position);
  };
  /** A conversation's stream and its ticket's events. */
  const ticket = (ticketId: number, contactId = ticketId, queueId: number | null = null) => {
    const stream = `contact-${COMPANY}.55119000${++streams}`;
    return {
      stream,
      open: (at: string) => append(stream, 'TicketOpened', { ticketId, uuid: `u-${ticketId}`, contactId, whatsappId: 1, queueId, isGroup: false }, at),
      event: (type: string, data: Record<string, unknown>, at: string) => append(stream, type, { ticketId, ...data }, at),
      customer: (at: string) => append(stream, 'MessageReceived', { ticketId, messageId: `m-${at}`, whatsappId: 1, body: 'oi', mediaType: 'chat', sentAt: at, quotedMessageId: null }, at),
      agent: (userId: number, at: string) => append(stream, 'MessageQueued', { ticketId, messageId: `q-${at}`, whatsappId: 1, body: 'olá', userId, quotedMessageId: null }, at),
    };
  };
  const row = (ticketId: number) => knex('ticket_times').where({ ticket_id: ticketId }).first();

  it('starts from the company’s hours and zone as its events tell them', async () => {
    await append(`company-0.${COMPANY}`, 'CompanyCreated', { id: COMPANY, name: 'C', settings: { timeZone: 'UTC' }, schedules: weekdays }, '2026-11-01T00:00:00Z', 0);
    expect(await knex('ticket_times_hours').where({ key: `company:${COMPANY}` }).first()).toMatchObject({ time_zone: 'UTC', schedules: weekdays });
  });

  it('keeps the first wait when a ticket goes back to the queue; a transfer to an agent also ends a wait', async () => {
    const t = ticket(101);
    await t.open('2026-11-23T10:00:00Z');
    await t.event('TicketAccepted', { userId: 7 }, '2026-11-23T10:20:00Z');
    await t.event('TicketReturnedToQueue', { previousUserId: 7 }, '2026-11-23T10:30:00Z');
    await t.event('TicketAccepted', { userId: 8 }, '2026-11-23T11:30:00Z');
    expect(await row(101)).toMatchObject({ status: 'open', user_id: 8, wait_minutes: 20, wait_business_minutes: 20 });

    const u = ticket(102);
    await u.open('2026-11-23T17:00:00Z');
    await u.event('TicketTransferred', { queueId: null, userId: 9, whatsappId: 1, status: 'open', previousQueueId: null, previousUserId: null, previousWhatsappId: 1 }, '2026-11-24T09:30:00Z');
    expect(await row(102)).toMatchObject({ user_id: 9, wait_minutes: 990, wait_business_minutes: 90 });
    // Sent on to a queue only, it keeps waiting.
    const v = ticket(103);
    await v.open('2026-11-23T10:00:00Z');
    await v.event('TicketTransferred', { queueId: 4, userId: null, whatsappId: 1, status: 'pending', previousQueueId: null, previousUserId: null, previousWhatsappId: 1 }, '2026-11-23T10:05:00Z');
    expect(await row(103)).toMatchObject({ status: 'pending', queue_id: 4, accepted_at: null, wait_minutes: null });
  });

  it('gives no wait to a ticket an agent started, and no resolution to one closed as it opened (a campaign’s send)', async () => {
    const started = ticket(104);
    await started.open('2026-11-23T10:00:00Z');
    await started.event('TicketAccepted', { userId: 7 }, '2026-11-23T10:00:00Z');
    await started.event('TicketResolved', { userId: 7 }, '2026-11-23T10:30:00Z');
    expect(await row(104)).toMatchObject({ status: 'closed', accepted_at: new Date('2026-11-23T10:00:00Z'), wait_minutes: null, wait_business_minutes: null, resolution_minutes: 30 });
    const campaign = ticket(105);
    await campaign.open('2026-11-23T11:00:00Z');
    await campaign.event('TicketResolved', { userId: null }, '2026-11-23T11:00:00Z');
    expect(await row(105)).toMatchObject({ status: 'closed', resolved_at: new Date('2026-11-23T11:00:00Z'), resolution_minutes: null, resolution_business_minutes: null });
  });

  it('counts a reply typed on the phone as a response, and nothing a person sent before the customer wrote', async () => {
    const t = ticket(111);
    await t.open('2026-11-23T10:00:00Z');
    await t.agent(7, '2026-11-23T10:00:00Z');
    await t.customer('2026-11-23T10:10:00Z');
    await t.agent(0, '2026-11-23T10:10:00Z');
    expect(await row(111)).toMatchObject({ first_customer_at: new Date('2026-11-23T10:10:00Z'), first_response_at: null });
    await t.event('MessageTypedOnPhone', { messageId: 'p1', whatsappId: 1, body: 'já vou', mediaType: 'chat', sentAt: '2026-11-23T10:25:00Z', quotedMessageId: null }, '2026-11-23T10:25:00Z');
    await t.agent(7, '2026-11-23T10:40:00Z');
    expect(await row(111)).toMatchObject({ first_response_at: new Date('2026-11-23T10:25:00Z'), first_response_user_id: null, first_response_minutes: 15, first_response_business_minutes: 15 });
  });

  it('settles a time with the hours in force then: later hours do not rewrite it; a queue’s own hours win while it exists', async () => {
    const t = ticket(121, 121, 5);
    await append(`queue-${COMPANY}.5`, 'QueueCreated', { id: 5, companyId: COMPANY, name: 'Noite', schedules: evenings }, '2026-11-01T00:00:00Z');
    await t.open('2026-11-23T17:00:00Z');
    await t.event('TicketResolved', { userId: null }, '2026-11-23T19:00:00Z');
    // The queue is open 18:00–22:00 on Mondays: 60 of the 120 minutes.
    expect(await row(121)).toMatchObject({ resolution_minutes: 120, resolution_business_minutes: 60 });
    await append(`queue-${COMPANY}.5`, 'QueueUpdated', { id: 5, changes: { schedules: [] } }, '2026-11-24T00:00:00Z');
    await append(`company-0.${COMPANY}`, 'CompanyUpdated', { id: COMPANY, changes: { schedules: [] } }, '2026-11-24T00:00:00Z', 0);
    expect(await row(121)).toMatchObject({ resolution_business_minutes: 60 });
    // Reopened and closed again now that no hours are set: every minute counts, from the opening.
    await t.event('TicketReopened', { userId: 7 }, '2026-11-24T08:00:00Z');
    expect(await row(121)).toMatchObject({ status: 'open', resolved_at: null, resolution_minutes: null, resolution_business_minutes: null });
    await t.event('TicketResolved', { userId: 7 }, '2026-11-24T09:00:00Z');
    expect(await row(121)).toMatchObject({ status: 'closed', resolution_minutes: 960, resolution_business_minutes: 960 });
    await append(`company-0.${COMPANY}`, 'CompanyUpdated', { id: COMPANY, changes: { schedules: weekdays } }, '2026-11-24T00:00:00Z', 0);
    await append(`queue-${COMPANY}.5`, 'QueueDeleted', { id: 5 }, '2026-11-24T00:00:00Z');
    expect(await knex('ticket_times_hours').where({ key: 'queue:5' }).first()).toBeUndefined();
  });

  it('follows a merge of two contacts and forgets a deleted ticket', async () => {
    const t = ticket(131, 31);
    await t.open('2026-11-23T10:00:00Z');
    await append(t.stream, 'ContactMerged', { contactId: 32, number: '5511', name: 'Ana', fromContactId: 31, fromNumber: 'lid', fromStreamId: 'x', tickets: [{ id: 131, uuid: 'u', status: 'pending', userId: null, queueId: null, whatsappId: 1, unread: 0 }] }, '2026-11-23T10:01:00Z');
    expect(await row(131)).toMatchObject({ contact_id: 32 });
    await t.event('TicketDeleted', { userId: 7 }, '2026-11-23T10:02:00Z');
    expect(await row(131)).toBeUndefined();
  });
});
