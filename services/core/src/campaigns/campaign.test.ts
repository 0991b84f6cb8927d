import { describe, expect, it } from 'vitest';
import type { CampaignEvent, CampaignFields } from '@atendo/contracts';
import { fold } from '../commands/decider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { campaignDecider, campaignMessageId, campaignOutcomeEventId, campaignProgress, campaignQueuedEventId, campaignSnapshots, type CampaignCommand } from './campaign.js';

const spec = deciderSpec(campaignDecider);

const fields: CampaignFields = {
  companyId: 1, name: 'Black Friday', whatsappId: 4, contactListId: 9, tagId: null, fileListId: null, mediaPath: null, mediaName: null,
  message1: 'Olá {nome}!', message2: '', message3: 'Oi {nome}', message4: '', message5: '',
};
const now = '2026-03-10T12:00:00.000Z';
const at = (offsetMs: number) => new Date(Date.parse(now) + offsetMs).toISOString();
const HOUR = 3_600_000;
const scheduledAt = at(3 * HOUR);

const created: CampaignEvent = { type: 'CampaignCreated', data: { id: 7, ...fields } };
const scheduled = (when = scheduledAt): CampaignEvent => ({ type: 'CampaignScheduled', data: { id: 7, scheduledAt: when } });
const started = (validContacts = 3, when = scheduledAt): CampaignEvent => ({ type: 'CampaignStarted', data: { id: 7, startedAt: when, validContacts } });
const cancelled: CampaignEvent = { type: 'CampaignCancelled', data: { id: 7, cancelledAt: at(4 * HOUR) } };
const restarted = (validContacts = 3): CampaignEvent => ({ type: 'CampaignRestarted', data: { id: 7, restartedAt: at(5 * HOUR), validContacts } });
const finished = (when: string): CampaignEvent => ({ type: 'CampaignFinished', data: { id: 7, completedAt: when } });
const messageId = (number: string) => campaignMessageId(1, 7, number);
const queued = (number: string, dueAt = scheduledAt): CampaignEvent => ({
  type: 'CampaignMessageQueued',
  data: { id: 7, number, messageId: messageId(number), variant: 1, body: 'Olá Ana!', dueAt },
});
const delivered = (number: string, when = at(3 * HOUR + 60_000)): CampaignEvent => ({ type: 'CampaignDelivered', data: { id: 7, number, messageId: messageId(number), deliveredAt: when } });
const failed = (number: string, when = at(3 * HOUR + 60_000)): CampaignEvent => ({
  type: 'CampaignDeliveryFailed',
  data: { id: 7, number, messageId: messageId(number), reason: 'not on WhatsApp', failedAt: when },
});
/** As the decider gives them: with the ids that make each a once-only fact in the log. */
const queuedOnce = (number: string, dueAt = scheduledAt) => ({ ...queued(number, dueAt), id: campaignQueuedEventId(1, 7, number) });
const deliveredOnce = (number: string, when?: string) => ({ ...delivered(number, when), id: campaignOutcomeEventId(1, 7, number) });
const failedOnce = (number: string, when?: string) => ({ ...failed(number, when), id: campaignOutcomeEventId(1, 7, number) });
const queue = (number: string, dueAt = scheduledAt): CampaignCommand => ({ type: 'QueueCampaignMessage', number, variant: 1, body: 'Olá Ana!', dueAt });
const deliver = (number: string, when = at(3 * HOUR + 60_000)): CampaignCommand => ({ type: 'RecordCampaignDelivery', number, at: when });
const fail = (number: string, when = at(3 * HOUR + 60_000)): CampaignCommand => ({ type: 'RecordCampaignDeliveryFailure', number, reason: 'not on WhatsApp', at: when });

const inactive = [created];
const programmed = [created, scheduled()];
const running = [...programmed, started()];
const stopped = [...running, queued('5511900000001'), delivered('5511900000001'), cancelled];

describe('a campaign: creating and scheduling', () => {
  it('is created INATIVA, or PROGRAMADA when it has a schedule', () => {
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields, scheduledAt: null, at: now }).then([created]);
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields, scheduledAt, at: now }).then([created, scheduled()]);
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields, scheduledAt: null, at: now }).thenState((s) => expect(s.status).toBe('INATIVA'));
    spec.given(programmed).when({ type: 'DeferCampaign', notBefore: now, reason: 'spacing' }).thenState((s) => expect(s.status).toBe('PROGRAMADA'));
  });

  it('refuses a schedule that is not ahead, or a scheduled campaign with nothing to say or no one to say it to', () => {
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields, scheduledAt: now, at: now }).thenThrows('ERR_CAMPAIGN_SCHEDULE_IN_PAST');
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields, scheduledAt: at(-1), at: now }).thenThrows('ERR_CAMPAIGN_SCHEDULE_IN_PAST');
    const blank = { ...fields, message1: '  ', message3: '' };
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields: blank, scheduledAt, at: now }).thenThrows('ERR_CAMPAIGN_NO_MESSAGE');
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields: blank, scheduledAt: null, at: now }).then([{ type: 'CampaignCreated', data: { id: 7, ...blank } }]);
    const nobody = { ...fields, contactListId: null };
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields: nobody, scheduledAt, at: now }).thenThrows('ERR_CAMPAIGN_NO_RECIPIENTS');
    spec.given([]).when({ type: 'CreateCampaign', id: 7, fields: { ...nobody, tagId: 3 }, scheduledAt, at: now }).then([
      { type: 'CampaignCreated', data: { id: 7, ...nobody, tagId: 3 } },
      scheduled(),
    ]);
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { message1: '', message3: ' ' }, at: now }).thenThrows('ERR_CAMPAIGN_NO_MESSAGE');
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { contactListId: null }, at: now }).thenThrows('ERR_CAMPAIGN_NO_RECIPIENTS');
    spec.given(inactive).when({ type: 'UpdateCampaign', changes: { contactListId: null }, at: now }).then([{ type: 'CampaignUpdated', data: { id: 7, changes: { contactListId: null } } }]);
  });

  it('is scheduled, moved, and unscheduled by saving its time', () => {
    spec.given(inactive).when({ type: 'UpdateCampaign', changes: { scheduledAt }, at: now }).then([scheduled()]);
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt: at(5 * HOUR) }, at: now }).then([scheduled(at(5 * HOUR))]);
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt: null }, at: now }).then([{ type: 'CampaignUnscheduled', data: { id: 7 } }]);
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt: null }, at: now }).thenState((s) => expect(s.status).toBe('INATIVA'));
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt, name: 'Black Friday' }, at: now }).then([]);
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt: at(-HOUR) }, at: now }).thenThrows('ERR_CAMPAIGN_SCHEDULE_IN_PAST');
  });

  it('saves only what changed, and never its company', () => {
    spec.given(inactive).when({ type: 'UpdateCampaign', changes: { name: 'Natal', message1: 'Olá {nome}!' }, at: now }).then([
      { type: 'CampaignUpdated', data: { id: 7, changes: { name: 'Natal' } } },
    ]);
    spec.given(inactive).when({ type: 'UpdateCampaign', changes: { companyId: 2 } as never, at: now }).then([]);
  });
});

describe('a campaign: when it may be saved', () => {
  const edit: Omit<Extract<CampaignCommand, { type: 'UpdateCampaign' }>, 'at'> = { type: 'UpdateCampaign', changes: { name: 'Natal' } };
  const renamed: CampaignEvent = { type: 'CampaignUpdated', data: { id: 7, changes: { name: 'Natal' } } };

  it('INATIVA: always', () => {
    spec.given(inactive).when({ ...edit, at: now }).then([renamed]);
  });
  it('PROGRAMADA: only more than one hour before its time (exactly one hour is too late)', () => {
    spec.given(programmed).when({ ...edit, at: at(HOUR) }).then([renamed]);
    spec.given(programmed).when({ ...edit, at: at(2 * HOUR - 1) }).then([renamed]);
    spec.given(programmed).when({ ...edit, at: at(2 * HOUR) }).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
    spec.given(programmed).when({ ...edit, at: at(2 * HOUR + 1) }).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
    spec.given(programmed).when({ type: 'UpdateCampaign', changes: { scheduledAt: at(10 * HOUR) }, at: at(2.5 * HOUR) }).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
  });
  it('EM_ANDAMENTO and FINALIZADA: never', () => {
    spec.given(running).when({ ...edit, at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
    spec.given([...programmed, started(0), finished(scheduledAt)]).when({ ...edit, at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
  });
  it('CANCELADA: still saves, and stays cancelled; a new schedule is refused (it goes on by restart)', () => {
    spec.given(stopped).when({ ...edit, at: at(6 * HOUR) }).then([renamed]);
    spec.given(stopped).when({ ...edit, at: at(6 * HOUR) }).thenState((s) => expect(s.status).toBe('CANCELADA'));
    spec.given(stopped).when({ type: 'UpdateCampaign', changes: { name: 'Natal', scheduledAt }, at: at(6 * HOUR) }).then([renamed]);
    spec.given(stopped).when({ type: 'UpdateCampaign', changes: { scheduledAt: at(10 * HOUR) }, at: at(6 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
  });
  it('a deleted or unknown campaign is not found', () => {
    spec.given([]).when({ ...edit, at: now }).thenThrows('ERR_CAMPAIGN_NOT_FOUND');
    spec.given([...inactive, { type: 'CampaignDeleted', data: { id: 7 } }]).when({ ...edit, at: now }).thenThrows('ERR_CAMPAIGN_NOT_FOUND');
  });
  it('may be deleted unless it is sending', () => {
    const deleted: CampaignEvent = { type: 'CampaignDeleted', data: { id: 7 } };
    for (const given of [inactive, programmed, stopped, [...programmed, started(0), finished(scheduledAt)]]) spec.given(given).when({ type: 'DeleteCampaign' }).then([deleted]);
    spec.given(running).when({ type: 'DeleteCampaign' }).thenThrows('ERR_CAMPAIGN_IN_PROGRESS');
    spec.given([...inactive, deleted]).when({ type: 'DeleteCampaign' }).thenThrows('ERR_CAMPAIGN_NOT_FOUND');
  });
});

describe('a campaign: its statuses', () => {
  it('starts from PROGRAMADA, at or after its time, with its count of valid contacts', () => {
    spec.given(programmed).when({ type: 'StartCampaign', validContacts: 3, at: scheduledAt }).then([started()]);
    spec.given(programmed).when({ type: 'StartCampaign', validContacts: 3, at: at(4 * HOUR) }).then([started(3, at(4 * HOUR))]);
    spec.given(programmed).when({ type: 'StartCampaign', validContacts: 3, at: at(3 * HOUR - 1) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    spec.given(inactive).when({ type: 'StartCampaign', validContacts: 3, at: now }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    spec.given(running).when({ type: 'StartCampaign', validContacts: 3, at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    spec.given(programmed).when({ type: 'StartCampaign', validContacts: -1, at: scheduledAt }).thenThrows('ERR_VALIDATION');
  });
  it('with no valid contact, starts and finishes at once', () => {
    spec.given(programmed).when({ type: 'StartCampaign', validContacts: 0, at: scheduledAt }).then([started(0), finished(scheduledAt)]);
  });
  it('cancels only in progress', () => {
    spec.given(running).when({ type: 'CancelCampaign', at: at(4 * HOUR) }).then([cancelled]);
    for (const given of [inactive, programmed, stopped, [...programmed, started(0), finished(scheduledAt)]]) {
      spec.given(given).when({ type: 'CancelCampaign', at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    }
  });
  it('restarts only when cancelled', () => {
    spec.given(stopped).when({ type: 'RestartCampaign', validContacts: 3, at: at(5 * HOUR) }).then([restarted()]);
    spec.given(stopped).when({ type: 'RestartCampaign', validContacts: 3, at: at(5 * HOUR) }).thenState((s) => expect(s.status).toBe('EM_ANDAMENTO'));
    for (const given of [inactive, programmed, running, [...programmed, started(0), finished(scheduledAt)]]) {
      spec.given(given).when({ type: 'RestartCampaign', validContacts: 3, at: at(5 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    }
  });
  it('a restart with every contact already done finishes it', () => {
    spec.given(stopped).when({ type: 'RestartCampaign', validContacts: 1, at: at(5 * HOUR) }).then([restarted(1), finished(at(5 * HOUR))]);
  });
  it('an outcome, even the last, does not finish it: the dispatcher does at the list end', () => {
    const two = [...programmed, started(2), queued('1'), queued('2'), delivered('1')];
    spec.given(two).when(fail('2')).then([failedOnce('2')]);
    spec.given(two).when(deliver('2')).thenState((s) => {
      expect(s.status).toBe('EM_ANDAMENTO');
      expect(campaignProgress(s)).toEqual({ validContacts: 2, queued: 2, delivered: 2, failed: 0, percent: 100 });
    });
  });
  it('is finished by the dispatcher at the list end, once nothing is in flight', () => {
    const short = [...programmed, started(3), queued('1'), delivered('1')];
    spec.given(short).when({ type: 'FinishCampaign', at: at(4 * HOUR) }).then([finished(at(4 * HOUR))]);
    spec.given([...short, queued('2')]).when({ type: 'FinishCampaign', at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    spec.given(stopped).when({ type: 'FinishCampaign', at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
  });
});

describe('a campaign: one message per contact', () => {
  it('queues a number with a message id and a log id that are the same on every try (the log takes it once)', () => {
    spec.given(running).when(queue('5511900000001')).then([queuedOnce('5511900000001')]);
    expect(messageId('5511900000001')).toBe('campaign-1-7-5511900000001');
    spec.given([...running, queued('5511900000001'), delivered('5511900000001')]).when(queue('5511900000001')).then([queuedOnce('5511900000001')]);
    expect(campaignQueuedEventId(1, 7, '5511900000001')).not.toBe(campaignQueuedEventId(1, 7, '5511900000002'));
    expect(campaignQueuedEventId(1, 7, '5511900000001')).not.toBe(campaignQueuedEventId(1, 8, '5511900000001'));
  });
  it('sends only while in progress', () => {
    for (const given of [inactive, programmed, stopped]) spec.given(given).when(queue('5511900000002')).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
  });
  it('an outcome carries one log id per number whatever it is, so the first stands and a repeat is taken once', () => {
    const sent = [...running, queued('1')];
    spec.given(sent).when(deliver('1')).then([deliveredOnce('1')]);
    spec.given(sent).when(fail('1')).then([failedOnce('1')]);
    expect(deliveredOnce('1').id).toBe(failedOnce('1').id);
    spec.given([...sent, delivered('1')]).when(deliver('1')).then([deliveredOnce('1')]);
  });
  it('counts an outcome that comes before the campaign recorded its message (the phone answered first), and finishes once both are in', () => {
    spec.given(running).when(deliver('2')).then([deliveredOnce('2')]);
    const early = [...running, delivered('2')];
    spec.given(early).when(queue('2')).thenState((s) => expect(campaignProgress(s)).toMatchObject({ queued: 1, delivered: 1 }));
    // Not before: the message the phone answered is not yet in the campaign's record.
    spec.given(early).when({ type: 'FinishCampaign', at: at(4 * HOUR) }).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    spec.given([...early, queued('2')]).when({ type: 'FinishCampaign', at: at(4 * HOUR) }).then([finished(at(4 * HOUR))]);
  });
  it('records the outcome of a message handed over before the cancel, without finishing', () => {
    const handed = [...running, queued('1'), queued('2'), queued('3'), delivered('1'), delivered('2'), cancelled];
    spec.given(handed).when(deliver('3')).then([deliveredOnce('3')]);
    spec.given(handed).when(deliver('3')).thenState((s) => expect(s.status).toBe('CANCELADA'));
  });
  it('remembers how many went and when the last was due, so pacing goes on after a restart', () => {
    const history = [...running, queued('1', at(3 * HOUR)), queued('2', at(3 * HOUR + 20_000)), delivered('1'), failed('2'), cancelled, restarted()];
    spec.given(history).when(queue('3')).thenState((s) => expect(s).toMatchObject({ status: 'EM_ANDAMENTO', queued: 3, lastDueAt: scheduledAt, delivered: 1, failed: 1 }));
    expect(fold(campaignDecider, history)).toMatchObject({ queued: 2, lastDueAt: at(3 * HOUR + 20_000) });
  });
  it('counts progress as delivered / valid contacts', () => {
    const state = fold(campaignDecider, [...running, queued('1'), queued('2'), delivered('1')]);
    expect(campaignProgress(state)).toEqual({ validContacts: 3, queued: 2, delivered: 1, failed: 0, percent: 33 });
    expect(campaignProgress(fold(campaignDecider, []))).toEqual({ validContacts: 0, queued: 0, delivered: 0, failed: 0, percent: 0 });
  });
});

describe("a campaign: the governor's holds", () => {
  it('are told once per reason, cleared by the next message, and ignored when not sending', () => {
    const deferred: CampaignEvent = { type: 'CampaignSendDeferred', data: { id: 7, notBefore: at(4 * HOUR), reason: 'dailyBudget' } };
    spec.given(running).when({ type: 'DeferCampaign', notBefore: at(4 * HOUR), reason: 'dailyBudget' }).then([deferred]);
    spec.given([...running, deferred]).when({ type: 'DeferCampaign', notBefore: at(5 * HOUR), reason: 'dailyBudget' }).then([]);
    spec.given([...running, deferred]).when({ type: 'DeferCampaign', notBefore: at(5 * HOUR), reason: 'rateLimited' }).then([
      { type: 'CampaignSendDeferred', data: { id: 7, notBefore: at(5 * HOUR), reason: 'rateLimited' } },
    ]);
    spec.given([...running, deferred, queued('1')]).when({ type: 'DeferCampaign', notBefore: at(5 * HOUR), reason: 'dailyBudget' }).then([
      { type: 'CampaignSendDeferred', data: { id: 7, notBefore: at(5 * HOUR), reason: 'dailyBudget' } },
    ]);
    spec.given(stopped).when({ type: 'DeferCampaign', notBefore: at(5 * HOUR), reason: 'spacing' }).then([]);
  });
});

describe('a campaign: snapshots', () => {
  it('are a few counts, whatever the size of the list', () => {
    const events = [...running];
    for (let i = 0; i < 1000; i++) events.push(queued(String(5511900000000 + i)), delivered(String(5511900000000 + i)));
    const state = fold(campaignDecider, events);
    const json = JSON.stringify(campaignSnapshots.serialize(state));
    expect(json.length).toBeLessThan(1000);
    const loaded = campaignSnapshots.deserialize(JSON.parse(json));
    expect(campaignProgress(loaded)).toEqual({ validContacts: 3, queued: 1000, delivered: 1000, failed: 0, percent: 100 });
    expect(campaignSnapshots.deserialize(JSON.parse(JSON.stringify(campaignSnapshots.serialize(fold(campaignDecider, [])))))).toEqual({ status: 'absent' });
  });
});
