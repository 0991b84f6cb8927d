import type { ScheduleEvent, ScheduleFields, ScheduleStatus } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { type Migration, DomainError, streamId, idSequences } from '@atendo/platform';

/**
 * A scheduled message (issue 14). Every command that depends on the time says when it happens (`at`): the decider
 * reads no clock.
 *
 * - Created and changed only with a send time ahead of `at` (ERR_SCHEDULE_IN_PAST).
 * - Changed only until it is sent (ERR_SCHEDULE_ALREADY_SENT); a change of one that failed puts it back in line.
 * - Deleted at any time (a sent one leaves the calendar; its message stays in the ticket).
 * - Sent once: the jobs role records `ScheduleSent` with the message it became; a second report changes nothing. A
 *   failure (no connection, contact gone …) is recorded with its reason, unless it was sent meanwhile.
 */
export type ScheduleCommand =
  | { type: 'CreateSchedule'; id: number; fields: ScheduleFields; at: string }
  | { type: 'UpdateSchedule'; changes: Partial<Omit<ScheduleFields, 'companyId' | 'userId'>>; at: string }
  | { type: 'DeleteSchedule' }
  | { type: 'RecordScheduleSent'; sentAt: string; messageId: string; whatsappId: number; ticketId: number }
  | { type: 'RecordScheduleFailure'; reason: string; at: string };

export type ScheduleState =
  | { status: 'absent' }
  | { status: 'deleted'; id: number }
  | { status: ScheduleStatus; id: number; fields: ScheduleFields; sentAt: string | null; error: string | null };

type Live = Extract<ScheduleState, { fields: ScheduleFields }>;

const isLive = (state: ScheduleState): state is Live => state.status !== 'absent' && state.status !== 'deleted';

export const scheduleStream = (companyId: number, id: number) => streamId('schedule', companyId, id);

export const scheduleIdMigrations: Migration[] = [idSequences('202611281300_schedule_ids', 'schedule')];

const ahead = (sendAt: string, at: string) => {
  if (!(Date.parse(sendAt) > Date.parse(at))) throw new DomainError('ERR_SCHEDULE_IN_PAST', `The send time ${sendAt} is not after ${at}`, { path: 'sendAt' }, 400);
};

const live = (state: ScheduleState): Live => {
  if (!isLive(state)) throw new DomainError('ERR_SCHEDULE_NOT_FOUND', 'Schedule not found', undefined, 404);
  return state;
};

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateSchedule':
        if (state.status !== 'absent') throw new DomainError('ERR_VALIDATION', `Schedule ${command.id} already exists`);
        ahead(command.fields.sendAt, command.at);
        return [{ type: 'ScheduleCreated', data: { id: command.id, ...command.fields } }];
      case 'UpdateSchedule': {
        const s = live(state);
        if (s.status === 'ENVIADA') throw new DomainError('ERR_SCHEDULE_ALREADY_SENT', `Schedule ${s.id} was sent at ${s.sentAt}`, undefined, 409);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && JSON.stringify((s.fields as unknown as Record<string, unknown>)[key]) !== JSON.stringify(value)),
        ) as Partial<ScheduleFields>;
        // A failed one edited is tried again: at its time, which must then lie ahead.
        if (changes.sendAt !== undefined || (s.status === 'ERRO' && Object.keys(changes).length > 0)) ahead(changes.sendAt ?? s.fields.sendAt, command.at);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ScheduleUpdated', data: { id: s.id, changes } }];
      }
      case 'DeleteSchedule':
        return [{ type: 'ScheduleDeleted', data: { id: live(state).id } }];
      case 'RecordScheduleSent': {
        const s = live(state);
        if (s.status === 'ENVIADA') return [];
        const { sentAt, messageId, whatsappId, ticketId } = command;
        return [{ type: 'ScheduleSent', data: { id: s.id, sentAt, messageId, whatsappId, ticketId } }];
      }
      case 'RecordScheduleFailure': {
        const s = live(state);
        if (s.status !== 'PENDENTE') return [];
        return [{ type: 'ScheduleFailed', data: { id: s.id, reason: command.reason, at: command.at } }];
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ScheduleCreated': {
        const { id, ...fields } = event.data;
        return { status: 'PENDENTE', id, fields, sentAt: null, error: null };
      }
      case 'ScheduleUpdated':
        return isLive(state) ? { ...state, status: 'PENDENTE', error: null, fields: { ...state.fields, ...event.data.changes } } : state;
      case 'ScheduleDeleted':
        return isLive(state) ? { status: 'deleted', id: state.id } : state;
      case 'ScheduleSent':
        return isLive(state) ? { ...state, status: 'ENVIADA', sentAt: event.data.sentAt, error: null } : state;
      case 'ScheduleFailed':
        return isLive(state) ? { ...state, status: 'ERRO', error: event.data.reason } : state;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
};
