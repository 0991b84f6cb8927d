import type { RecordedEvent, WhatsappRosterEvent } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { DomainError, type EventStore, streamId } from '@atendo/platform';

/**
 * A company's connections and its default one, decided in one stream (decision 0018): the plan's connection limit
 * and "there is always a default while connections exist" span every connection of the company, so they cannot be
 * decided by one connection's stream, and a read model lags. The roster's optimistic concurrency makes two admins
 * adding the last connection, or two marking a default, take turns.
 */
export const whatsappRosterStream = (companyId: number) => streamId('whatsappRoster', companyId, 0);

/** The roster as the log had it before the roster existed: connections created before are adopted once. */
export interface RosterAdoption {
  whatsappIds: number[];
  defaultId: number | null;
}

export type WhatsappRosterCommand = { adopt?: RosterAdoption } & (
  | { type: 'enroll'; whatsappId: number; makeDefault: boolean; limit: number | null }
  | { type: 'makeDefault'; whatsappId: number }
  | { type: 'unmakeDefault'; whatsappId: number }
  | { type: 'unenroll'; whatsappId: number }
);

export interface RosterState {
  started: boolean;
  members: number[];
  defaultId: number | null;
}

const mustStayDefault = (whatsappId: number) =>
  new DomainError('ERR_NO_OTHER_WHATSAPP', `Connection ${whatsappId} is the default: mark another one default first`, { whatsappId }, 400);

function evolve(state: RosterState, event: WhatsappRosterEvent): RosterState {
  switch (event.type) {
    case 'WhatsappRosterStarted':
      return { started: true, members: [...event.data.whatsappIds], defaultId: event.data.defaultId };
    case 'WhatsappEnrolled':
      return { ...state, started: true, members: [...state.members, event.data.whatsappId] };
    case 'WhatsappUnenrolled':
      return {
        ...state,
        members: state.members.filter((id) => id !== event.data.whatsappId),
        defaultId: state.defaultId === event.data.whatsappId ? null : state.defaultId,
      };
    case 'DefaultWhatsappChosen':
      return { ...state, defaultId: event.data.whatsappId };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function decideStarted(command: WhatsappRosterCommand, state: RosterState): WhatsappRosterEvent[] {
  const { whatsappId } = command;
  const member = state.members.includes(whatsappId);
  const choose = (): WhatsappRosterEvent => ({ type: 'DefaultWhatsappChosen', data: { whatsappId, previousId: state.defaultId } });
  switch (command.type) {
    case 'enroll': {
      if (member) return [];
      if (command.limit !== null && state.members.length >= command.limit) {
        throw new DomainError('ERR_PLAN_LIMIT_REACHED', `The plan allows ${command.limit} connections and the company has ${state.members.length}`, { limit: command.limit, count: state.members.length }, 403);
      }
      // The company's first connection is its default, whatever was asked: there is always one while any exist.
      const makeDefault = command.makeDefault || state.defaultId === null;
      return [{ type: 'WhatsappEnrolled', data: { whatsappId } }, ...(makeDefault ? [choose()] : [])];
    }
    case 'makeDefault':
      if (!member) throw new DomainError('ERR_NO_WAPP_FOUND', undefined, undefined, 404);
      return state.defaultId === whatsappId ? [] : [choose()];
    case 'unmakeDefault':
      if (state.defaultId === whatsappId) throw mustStayDefault(whatsappId);
      return [];
    case 'unenroll':
      if (!member) return [];
      if (state.defaultId === whatsappId && state.members.length > 1) throw mustStayDefault(whatsappId);
      return [{ type: 'WhatsappUnenrolled', data: { whatsappId } }];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const whatsappRosterDecider: Decider<WhatsappRosterCommand, WhatsappRosterEvent, RosterState> = {
  initialState: () => ({ started: false, members: [], defaultId: null }),
  evolve,
  decide(command, state) {
    if (state.started) return decideStarted(command, state);
    const started: WhatsappRosterEvent = { type: 'WhatsappRosterStarted', data: command.adopt ?? { whatsappIds: [], defaultId: null } };
    return [started, ...decideStarted(command, evolve(state, started))];
  },
};

const CONNECTION_RECORD_EVENTS = ['WhatsappCreated', 'WhatsappUpdated', 'WhatsappDeleted'] as const;

/** The company's connections and default as their own streams say, for a roster that has not started yet. */
export async function adoptFromLog(store: EventStore, companyId: number): Promise<RosterAdoption> {
  const live = new Map<number, boolean>();
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const page = await store.readAll({ companyId, types: CONNECTION_RECORD_EVENTS, after, maxCount: 1000 });
    for (const event of page) {
      const data = event.data as { id: number; isDefault?: boolean; changes?: { isDefault?: boolean } };
      if (event.type === 'WhatsappCreated') live.set(data.id, data.isDefault === true);
      else if (event.type === 'WhatsappDeleted') live.delete(data.id);
      else if (live.has(data.id) && data.changes?.isDefault !== undefined) live.set(data.id, data.changes.isDefault);
    }
    if (page.length < 1000) break;
    after = page[page.length - 1]!.position;
  }
  const whatsappIds = [...live.keys()].sort((a, b) => a - b);
  const marked = whatsappIds.filter((id) => live.get(id));
  return { whatsappIds, defaultId: marked[marked.length - 1] ?? whatsappIds[0] ?? null };
}
