import { Map as ImmutableMap } from 'immutable';
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
import { DomainError } from '../errors.js';
import { streamId } from '../eventstore/streams.js';

/**
 * A campaign (issue 14, spec §4). Every command says when it happens (`at`): the decider never reads a clock, so the
 * one-hour edit cutoff and the start time are decided on the time the caller saw.
 *
 * - Saving: allowed while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA (spec: a cancelled one still
 *   saves); a cancelled campaign keeps its status and cannot be given a new schedule (it goes on by restart).
 * - A schedule moves INATIVA → PROGRAMADA (clearing it, back); it must lie ahead and the campaign must then have a
 *   message and someone to send to. The jobs role starts it at its time (EM_ANDAMENTO).
 * - Each valid number gets at most one message: queueing a number already queued is a no-op, so a restart (or a
 *   dispatcher that resumes after a crash) walks the list again and sends only to those left. "Queued" means handed
 *   to the connection's outbox, which sends it: cancelling stops the next ones, and the delivery of one already
 *   handed over is still recorded.
 * - The first outcome of a message stands (delivered or failed); when every valid contact has one, it is FINALIZADA.
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

/** Where a contact's message stands (keyed by number; its message id is derived, see campaignMessageId). */
export type CampaignDeliveryOutcome = 'queued' | 'delivered' | 'failed';

export interface LiveCampaign {
  status: CampaignStatus;
  id: number;
  fields: CampaignFields;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  validContacts: number;
  deliveries: ImmutableMap<string, CampaignDeliveryOutcome>;
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

/** The report's figures (spec: progress = delivered / valid contacts). */
export function campaignProgress(state: CampaignState): CampaignProgress {
  if (!isLive(state)) return { validContacts: 0, queued: 0, delivered: 0, failed: 0, percent: 0 };
  return {
    validContacts: state.validContacts,
    queued: state.deliveries.size,
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
const inFlight = (state: LiveCampaign) => state.deliveries.size - settled(state);

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

/** The outcome of a queued message; the last one to land finishes a running campaign. */
function settle(state: LiveCampaign, number: string, at: string, outcome: CampaignEvent): CampaignEvent[] {
  if (state.deliveries.get(number) !== 'queued') return [];
  const done = state.status === 'EM_ANDAMENTO' && inFlight(state) === 1 && settled(state) + 1 >= state.validContacts;
  return done ? [outcome, { type: 'CampaignFinished', data: { id: state.id, completedAt: at } }] : [outcome];
}

function checkCount(validContacts: number) {
  if (!Number.isSafeInteger(validContacts) || validContacts < 0) throw new DomainError('ERR_VALIDATION', `validContacts must be a whole number, not ${validContacts}`, undefined, 400);
}

type CampaignSnapshot =
  | { status: 'absent' }
  | { status: 'deleted'; id: number }
  | (Omit<LiveCampaign, 'deliveries'> & { deliveries: Array<[string, CampaignDeliveryOutcome]> });

/** A long campaign (one event per message and per outcome) loads from its latest snapshot. */
export const campaignSnapshots: SnapshotCodec<CampaignState> = {
  // Bump when the state's shape changes: older snapshots are then ignored.
  version: 1,
  every: 500,
  serialize: (state): CampaignSnapshot => (isLive(state) ? { ...state, deliveries: [...state.deliveries.entries()] } : state),
  deserialize: (data) => {
    const snapshot = data as CampaignSnapshot;
    if (snapshot.status === 'absent' || snapshot.status === 'deleted') return snapshot;
    return { ...snapshot, deliveries: ImmutableMap(snapshot.deliveries) };
  },
};

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = {
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
        const restarted: CampaignEvent = { type: 'CampaignRestarted', data: { id: campaign.id, restartedAt: command.at, validContacts: command.validContacts } };
        const done = settled(campaign) >= command.validContacts && inFlight(campaign) === 0;
        return done ? [restarted, { type: 'CampaignFinished', data: { id: campaign.id, completedAt: command.at } }] : [restarted];
      }
      case 'QueueCampaignMessage': {
        const campaign = live(state);
        if (campaign.status !== 'EM_ANDAMENTO') throw invalidTransition(campaign, 'send');
        if (campaign.deliveries.has(command.number)) return [];
        const messageId = campaignMessageId(campaign.fields.companyId, campaign.id, command.number);
        return [{ type: 'CampaignMessageQueued', data: { id: campaign.id, number: command.number, messageId, variant: command.variant, body: command.body, dueAt: command.dueAt } }];
      }
      case 'RecordCampaignDelivery': {
        const campaign = live(state);
        const messageId = campaignMessageId(campaign.fields.companyId, campaign.id, command.number);
        return settle(campaign, command.number, command.at, { type: 'CampaignDelivered', data: { id: campaign.id, number: command.number, messageId, deliveredAt: command.at } });
      }
      case 'RecordCampaignDeliveryFailure': {
        const campaign = live(state);
        const messageId = campaignMessageId(campaign.fields.companyId, campaign.id, command.number);
        return settle(campaign, command.number, command.at, {
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
        if (inFlight(campaign) > 0) throw invalidTransition(campaign, `finish with ${inFlight(campaign)} messages in flight`);
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
        validContacts: 0, deliveries: ImmutableMap<string, CampaignDeliveryOutcome>(), delivered: 0, failed: 0, deferral: null,
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
        return { ...state, deliveries: state.deliveries.set(event.data.number, 'queued'), deferral: null };
      case 'CampaignDelivered':
        return { ...state, deliveries: state.deliveries.set(event.data.number, 'delivered'), delivered: state.delivered + 1 };
      case 'CampaignDeliveryFailed':
        return { ...state, deliveries: state.deliveries.set(event.data.number, 'failed'), failed: state.failed + 1 };
      case 'CampaignSendDeferred':
        return { ...state, deferral: { notBefore: event.data.notBefore, reason: event.data.reason } };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
};
