import {
  campaignProgressPercent,
  campaignVariants,
  isCampaignEditable,
  type CampaignEvent,
  type CampaignFields,
  type CampaignProgress,
  type CampaignStatus,
  type CampaignVariant,
  type SendGovernorReason,
} from '@atendo/contracts';
import type { Decider, SnapshotCodec } from '../commands/decider.js';
import { DomainError, streamId, type Migration, idSequences } from '@atendo/platform';
import { nameBasedUuid } from '../messages/inboundIds.js';

/**
 * A campaign (issue 14, spec §4). Every command says when it happens (`at`): the decider never reads a clock, so the
 * one-hour edit cutoff and the start time are decided on the time the caller saw.
 *
 * - Saving: allowed while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA (spec: a cancelled one still
 *   saves); a cancelled campaign keeps its status and cannot be given a new schedule (it goes on by restart).
 * - A schedule moves INATIVA → PROGRAMADA (clearing it, back); it must lie ahead and the campaign must then have a
 *   message and someone to send to. The jobs role starts it at its time (EM_ANDAMENTO).
 * - Each valid number gets at most one message. The state keeps counts, not numbers (its size does not grow with the
 *   list): a contact's message and its outcome are events with ids derived from the campaign and the number, so the
 *   log takes each once (a repeat is a no-op, decision 0028) and the first outcome stands. "Queued" means handed to
 *   the conversation, which sends it: cancelling stops the next ones, and the delivery of one already handed over is
 *   still recorded.
 * - The dispatcher finishes it (FINALIZADA) once its list is done and nothing is in flight.
 */
export type CampaignCommand =
  | { type: 'CreateCampaign'; id: number; fields: CampaignFields; scheduledAt: string | null; at: string }
  | { type: 'UpdateCampaign'; changes: CampaignChanges; at: string }
  | { type: 'DeleteCampaign' }
  /** The jobs role, at or after the scheduled time, with how many valid numbers the recipients hold. */
  | { type: 'StartCampaign'; validContacts: number; at: string }
  | { type: 'CancelCampaign'; at: string }
  /** `validContacts` counted again: the list may have changed while it was cancelled. */
  | { type: 'RestartCampaign'; validContacts: number; at: string }
  | { type: 'QueueCampaignMessage'; number: string; variant: CampaignVariant; body: string; dueAt: string }
  | { type: 'RecordCampaignDelivery'; number: string; at: string }
  | { type: 'RecordCampaignDeliveryFailure'; number: string; reason: string; at: string }
  /** The send governor holds the campaign back; told once per reason so the log is not a tick per wait. */
  | { type: 'DeferCampaign'; notBefore: string; reason: SendGovernorReason }
  /** The dispatcher reached the list's end with nothing left in flight (fewer sends than counted: duplicates …). */
  | { type: 'FinishCampaign'; at: string };

/** What a save may change: the fields (its company aside) and the schedule (null clears it). */
export type CampaignChanges = Partial<Omit<CampaignFields, 'companyId'>> & { scheduledAt?: string | null };

/** A campaign's events, with the ids that make a contact's message and its outcome once-only facts. */
export type CampaignDomainEvent = CampaignEvent & { id?: string };

export interface LiveCampaign {
  status: CampaignStatus;
  id: number;
  fields: CampaignFields;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  validContacts: number;
  /** Messages handed over, and when the last one was due (pacing goes on from there). */
  queued: number;
  lastDueAt: string | null;
  delivered: number;
  failed: number;
  /** The governor's current hold, cleared by the next message queued. */
  deferral: { notBefore: string; reason: SendGovernorReason } | null;
}

export type CampaignState = { status: 'absent' } | { status: 'deleted'; id: number } | LiveCampaign;

const isLive = (state: CampaignState): state is LiveCampaign => state.status !== 'absent' && state.status !== 'deleted';

/** The id of the WhatsApp message a campaign sends to a number: the same on every try, so the gateway sends it once. */
export const campaignMessageId = (companyId: number, campaignId: number, number: string) => `campaign-${companyId}-${campaignId}-${number}`;

export const campaignStream = (companyId: number, id: number) => streamId('campaign', companyId, id);

/** The log's id of a contact's message in a campaign, and of its outcome: each fact once, whoever repeats it. */
export const campaignQueuedEventId = (companyId: number, campaignId: number, number: string) => nameBasedUuid(`atendo:campaign:${companyId}:${campaignId}:queued:${number}`);
export const campaignOutcomeEventId = (companyId: number, campaignId: number, number: string) => nameBasedUuid(`atendo:campaign:${companyId}:${campaignId}:outcome:${number}`);

/** The report's figures (spec: progress = delivered / valid contacts). */
export function campaignProgress(state: CampaignState): CampaignProgress {
  if (!isLive(state)) return { validContacts: 0, queued: 0, delivered: 0, failed: 0, percent: 0 };
  return {
    validContacts: state.validContacts,
    queued: state.queued,
    delivered: state.delivered,
    failed: state.failed,
    percent: campaignProgressPercent(state.delivered, state.validContacts),
  };
}

const notFound = () => new DomainError('ERR_CAMPAIGN_NOT_FOUND', undefined, undefined, 404);
const invalidTransition = (state: LiveCampaign, action: string) =>
  new DomainError('ERR_CAMPAIGN_INVALID_TRANSITION', `A campaign ${state.status} cannot ${action}`, { status: state.status });

function live(state: CampaignState): LiveCampaign {
  if (!isLive(state)) throw notFound();
  return state;
}

const settled = (state: LiveCampaign) => state.delivered + state.failed;
const inFlight = (state: LiveCampaign) => state.queued - settled(state);

/** A schedule must lie ahead, and a scheduled campaign must have something to say and someone to say it to. */
function checkSchedulable(fields: CampaignFields, scheduledAt: string, at: string, checkTime: boolean) {
  if (checkTime && Date.parse(scheduledAt) <= Date.parse(at)) {
    throw new DomainError('ERR_CAMPAIGN_SCHEDULE_IN_PAST', `The schedule ${scheduledAt} is not after ${at}`, { scheduledAt }, 400);
  }
  if (campaignVariants(fields).length === 0) throw new DomainError('ERR_CAMPAIGN_NO_MESSAGE', undefined, undefined, 400);
  if (fields.contactListId === null && fields.tagId === null) throw new DomainError('ERR_CAMPAIGN_NO_RECIPIENTS', undefined, undefined, 400);
}

function update(state: LiveCampaign, { changes, at }: { changes: CampaignChanges; at: string }): CampaignEvent[] {
  if (!isCampaignEditable(state.status, state.scheduledAt, at)) {
    throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE', `A campaign ${state.status} cannot be changed at ${at}`, { status: state.status, scheduledAt: state.scheduledAt });
  }
  const { scheduledAt, ...rest } = changes;
  const fieldChanges = Object.fromEntries(
    Object.entries(rest).filter(([key, value]) => key !== 'companyId' && value !== undefined && JSON.stringify(state.fields[key as keyof CampaignFields]) !== JSON.stringify(value)),
  ) as Partial<CampaignFields>;
  const fields = { ...state.fields, ...fieldChanges };
  const events: CampaignEvent[] = Object.keys(fieldChanges).length ? [{ type: 'CampaignUpdated', data: { id: state.id, changes: fieldChanges } }] : [];
  const reschedule = scheduledAt !== undefined && scheduledAt !== state.scheduledAt;
  if (reschedule && state.status === 'CANCELADA') throw invalidTransition(state, 'be scheduled again (restart it)');
  if (reschedule && scheduledAt === null) {
    events.push({ type: 'CampaignUnscheduled', data: { id: state.id } });
  } else if (reschedule && scheduledAt) {
    checkSchedulable(fields, scheduledAt, at, true);
    events.push({ type: 'CampaignScheduled', data: { id: state.id, scheduledAt } });
  } else if (state.status === 'PROGRAMADA' && state.scheduledAt !== null) {
    checkSchedulable(fields, state.scheduledAt, at, false);
  }
  return events;
}

/**
 * The outcome of a contact's message, once per number: its log id is the same whatever the outcome, so the first
 * stands and a repeat is taken once. It counts even before the campaign recorded the message as queued: the dispatcher
 * hands the message over first and records it after, and on a busy machine the phone's answer may come in between.
 */
function settle(state: LiveCampaign, number: string, outcome: CampaignEvent): CampaignDomainEvent[] {
  return [{ ...outcome, id: campaignOutcomeEventId(state.fields.companyId, state.id, number) }];
}

function checkCount(validContacts: number) {
  if (!Number.isSafeInteger(validContacts) || validContacts < 0) throw new DomainError('ERR_VALIDATION', `validContacts must be a whole number, not ${validContacts}`, undefined, 400);
}

/** A long campaign (one event per message and per outcome) loads from its latest snapshot: a few counts. */
export const campaignSnapshots: SnapshotCodec<CampaignState> = {
  // Bump when the state's shape changes: older snapshots are then ignored.
  version: 2,
  every: 500,
  serialize: (state) => state,
  deserialize: (data) => data as CampaignState,
};

export const campaignDecider: Decider<CampaignCommand, CampaignDomainEvent, CampaignState> = {
  initialState: () => ({ status: 'absent' }),
  snapshot: campaignSnapshots,

  decide(command, state) {
    switch (command.type) {
      case 'CreateCampaign': {
        if (state.status !== 'absent') throw new DomainError('ERR_VALIDATION', `Campaign ${command.id} already exists`);
        const created: CampaignEvent = { type: 'CampaignCreated', data: { id: command.id, ...command.fields } };
        if (command.scheduledAt === null) return [created];
        checkSchedulable(command.fields, command.scheduledAt, command.at, true);
        return [created, { type: 'CampaignScheduled', data: { id: command.id, scheduledAt: command.scheduledAt } }];
      }
      case 'UpdateCampaign':
        return update(live(state), command);
      case 'DeleteCampaign': {
        const campaign = live(state);
        if (campaign.status === 'EM_ANDAMENTO') throw new DomainError('ERR_CAMPAIGN_IN_PROGRESS', undefined, { status: campaign.status });
        return [{ type: 'CampaignDeleted', data: { id: campaign.id } }];
      }
      case 'StartCampaign': {
        const campaign = live(state);
        if (campaign.status !== 'PROGRAMADA') throw invalidTransition(campaign, 'start');
        if (Date.parse(command.at) < Date.parse(campaign.scheduledAt!)) throw invalidTransition(campaign, `start before ${campaign.scheduledAt}`);
        checkCount(command.validContacts);
        const started: CampaignEvent = { type: 'CampaignStarted', data: { id: campaign.id, startedAt: command.at, validContacts: command.validContacts } };
        return command.validContacts === 0 ? [started, { type: 'CampaignFinished', data: { id: campaign.id, completedAt: command.at } }] : [started];
      }
      case 'CancelCampaign': {
        const campaign = live(state);
        if (campaign.status !== 'EM_ANDAMENTO') throw invalidTransition(campaign, 'be cancelled');
        return [{ type: 'CampaignCancelled', data: { id: campaign.id, cancelledAt: command.at } }];
      }
      case 'RestartCampaign': {
        const campaign = live(state);
        if (campaign.status !== 'CANCELADA') throw invalidTransition(campaign, 'be restarted');
        checkCount(command.validContacts);
        const restarted: CampaignDomainEvent = { type: 'CampaignRestarted', data: { id: campaign.id, restartedAt: command.at, validContacts: command.validContacts } };
        const done = settled(campaign) >= command.validContacts && inFlight(campaign) === 0;
        return done ? [restarted, { type: 'CampaignFinished', data: { id: campaign.id, completedAt: command.at } }] : [restarted];
      }
      case 'QueueCampaignMessage': {
        const campaign = live(state);
        if (campaign.status !== 'EM_ANDAMENTO') throw invalidTransition(campaign, 'send');
        const { companyId } = campaign.fields;
        const messageId = campaignMessageId(companyId, campaign.id, command.number);
        return [
          {
            type: 'CampaignMessageQueued',
            id: campaignQueuedEventId(companyId, campaign.id, command.number),
            data: { id: campaign.id, number: command.number, messageId, variant: command.variant, body: command.body, dueAt: command.dueAt },
          },
        ];
      }
      case 'RecordCampaignDelivery': {
        const campaign = live(state);
        const messageId = campaignMessageId(campaign.fields.companyId, campaign.id, command.number);
        return settle(campaign, command.number, { type: 'CampaignDelivered', data: { id: campaign.id, number: command.number, messageId, deliveredAt: command.at } });
      }
      case 'RecordCampaignDeliveryFailure': {
        const campaign = live(state);
        const messageId = campaignMessageId(campaign.fields.companyId, campaign.id, command.number);
        return settle(campaign, command.number, {
          type: 'CampaignDeliveryFailed',
          data: { id: campaign.id, number: command.number, messageId, reason: command.reason, failedAt: command.at },
        });
      }
      case 'DeferCampaign': {
        const campaign = live(state);
        if (campaign.status !== 'EM_ANDAMENTO' || campaign.deferral?.reason === command.reason) return [];
        return [{ type: 'CampaignSendDeferred', data: { id: campaign.id, notBefore: command.notBefore, reason: command.reason } }];
      }
      case 'FinishCampaign': {
        const campaign = live(state);
        if (campaign.status !== 'EM_ANDAMENTO') throw invalidTransition(campaign, 'finish');
        // Not while a message is in flight, nor while an outcome has come in for a message not yet recorded as queued.
        if (inFlight(campaign) !== 0) throw invalidTransition(campaign, `finish with ${campaign.queued} messages queued and ${settled(campaign)} settled`);
        return [{ type: 'CampaignFinished', data: { id: campaign.id, completedAt: command.at } }];
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'CampaignCreated') {
      const { id, ...fields } = event.data;
      return {
        status: 'INATIVA', id, fields, scheduledAt: null, startedAt: null, completedAt: null,
        validContacts: 0, queued: 0, lastDueAt: null, delivered: 0, failed: 0, deferral: null,
      };
    }
    if (!isLive(state)) return state;
    switch (event.type) {
      case 'CampaignUpdated':
        return { ...state, fields: { ...state.fields, ...event.data.changes } };
      case 'CampaignDeleted':
        return { status: 'deleted', id: state.id };
      case 'CampaignScheduled':
        return { ...state, status: 'PROGRAMADA', scheduledAt: event.data.scheduledAt };
      case 'CampaignUnscheduled':
        return { ...state, status: 'INATIVA', scheduledAt: null };
      case 'CampaignStarted':
        return { ...state, status: 'EM_ANDAMENTO', startedAt: event.data.startedAt, validContacts: event.data.validContacts };
      case 'CampaignCancelled':
        return { ...state, status: 'CANCELADA', deferral: null };
      case 'CampaignRestarted':
        return { ...state, status: 'EM_ANDAMENTO', validContacts: event.data.validContacts };
      case 'CampaignFinished':
        return { ...state, status: 'FINALIZADA', completedAt: event.data.completedAt, deferral: null };
      case 'CampaignMessageQueued':
        return { ...state, queued: state.queued + 1, lastDueAt: event.data.dueAt, deferral: null };
      case 'CampaignDelivered':
        return { ...state, delivered: state.delivered + 1 };
      case 'CampaignDeliveryFailed':
        return { ...state, failed: state.failed + 1 };
      case 'CampaignSendDeferred':
        return { ...state, deferral: { notBefore: event.data.notBefore, reason: event.data.reason } };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
};

/** The sequence campaign ids come from (`ids.next('campaign')`). */
export const campaignIdMigrations: Migration[] = [idSequences('202611281400_campaign_ids', 'campaign')];
