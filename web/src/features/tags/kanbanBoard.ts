import type { AppMessageFeedPayload, SessionUser, Tag, TagFeedPayload, Ticket, TicketFeedPayload } from '@atendo/contracts';

/** The lane of tickets without a kanban tag. */
export const OPEN_LANE = 'open';
export type LaneId = typeof OPEN_LANE | number;

export interface KanbanState {
  /** The kanban tags, by name. */
  lanes: Tag[];
  /** The cards, most recently updated first. */
  tickets: Ticket[];
  /** Each card's tag ids (the ticket feed's payloads carry no tags: the tag channel says which a ticket carries). */
  tagIds: Record<number, number[]>;
}

export const emptyBoard: KanbanState = { lanes: [], tickets: [], tagIds: {} };

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name) || a.id - b.id;
const byUpdate = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

export function board(lanes: Tag[], tickets: Ticket[]): KanbanState {
  return {
    lanes: [...lanes].sort(byName),
    tickets: [...tickets].sort(byUpdate),
    tagIds: Object.fromEntries(tickets.map((t) => [t.id, t.tags.map((tag) => tag.id)])),
  };
}

/**
 * A card's lane: the first of its tags that is a lane (by the lanes' order), else the open lane. A ticket whose tags
 * are none of the lanes stays in the open lane rather than nowhere (decision 0025).
 */
export function laneOf(state: KanbanState, ticketId: number): LaneId {
  const tags = state.tagIds[ticketId] ?? [];
  return state.lanes.find((lane) => tags.includes(lane.id))?.id ?? OPEN_LANE;
}

export function cardsOf(state: KanbanState, lane: LaneId): Ticket[] {
  return state.tickets.filter((t) => laneOf(state, t.id) === lane);
}

/** Whether the user still sees the ticket (the server's rule: admins all; others their own, their queues'). */
export function sees(user: SessionUser, ticket: Ticket): boolean {
  if (user.profile === 'admin' || ticket.userId === user.id) return true;
  if (ticket.queueId === null) return ticket.status === 'pending' && user.allTicket === 'enabled';
  return user.queues.some((q) => q.id === ticket.queueId);
}

function upsert(state: KanbanState, ticket: Ticket, user: SessionUser): KanbanState {
  const others = state.tickets.filter((t) => t.id !== ticket.id);
  if (ticket.status === 'closed' || !sees(user, ticket)) {
    return others.length === state.tickets.length ? state : { ...state, tickets: others };
  }
  const tagIds = state.tagIds[ticket.id] ?? [];
  return { ...state, tickets: [...others, ticket].sort(byUpdate), tagIds: { ...state.tagIds, [ticket.id]: tagIds } };
}

/** A ticket changed or went: a card of an open or pending ticket the user sees is kept (it keeps its tags). */
export function applyTicketFeed(state: KanbanState, payload: TicketFeedPayload, user: SessionUser): KanbanState {
  switch (payload.action) {
    case 'update':
      return upsert(state, payload.ticket, user);
    case 'delete':
      return { ...state, tickets: state.tickets.filter((t) => t.id !== payload.ticketId) };
    case 'updateUnread':
      return state;
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}

/** A new message: its ticket's card shows it as the last message and moves up its lane. */
export function applyMessageFeed(state: KanbanState, payload: AppMessageFeedPayload, user: SessionUser): KanbanState {
  return payload.action === 'create' ? upsert(state, payload.ticket, user) : state;
}

/** A kanban tag came, changed or went (its lane with it); a ticket's tags changed (its card changes lane). */
export function applyTagFeed(state: KanbanState, payload: TagFeedPayload): KanbanState {
  switch (payload.action) {
    case 'create':
    case 'update': {
      const others = state.lanes.filter((l) => l.id !== payload.tag.id);
      return { ...state, lanes: payload.tag.kanban === 1 ? [...others, payload.tag].sort(byName) : others };
    }
    case 'delete':
      return {
        ...state,
        lanes: state.lanes.filter((l) => l.id !== payload.tagId),
        tagIds: Object.fromEntries(Object.entries(state.tagIds).map(([id, tags]) => [id, tags.filter((t) => t !== payload.tagId)])),
      };
    case 'ticket':
      return state.tickets.some((t) => t.id === payload.ticketId) ? { ...state, tagIds: { ...state.tagIds, [payload.ticketId]: payload.tagIds } } : state;
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}

/** A card dropped on a lane, as the board shows it before the server answers: off its tags, onto the lane's. */
export function moveCard(state: KanbanState, ticketId: number, to: LaneId): KanbanState {
  return { ...state, tagIds: { ...state.tagIds, [ticketId]: to === OPEN_LANE ? [] : [to] } };
}
