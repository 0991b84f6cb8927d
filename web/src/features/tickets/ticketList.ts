import type { AppMessageFeedPayload, ListTicketsResponse, Ticket, TicketFeedPayload, TicketStatus } from '@atendo/contracts';

export interface TicketListState {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
  page: number;
  /** Where the next page starts (the server's cursor): scrolling reads from there, not from an offset. */
  next?: string;
}

/** What a list shows. A list without a status (search results) only keeps the tickets it already has up to date. */
export interface TicketListFilter {
  status?: TicketStatus;
  showAll: boolean;
  userId: number;
}

export const emptyTicketList: TicketListState = { tickets: [], count: 0, hasMore: false, page: 0 };

export function addPage(state: TicketListState, page: number, response: ListTicketsResponse): TicketListState {
  const base = page === 1 ? [] : state.tickets;
  const known = new Set(base.map((t) => t.id));
  return {
    tickets: [...base, ...response.tickets.filter((t) => !known.has(t.id))],
    count: response.count,
    hasMore: response.hasMore,
    page,
    ...(response.next ? { next: response.next } : {}),
  };
}

function belongs(state: TicketListState, ticket: Ticket, filter: TicketListFilter): boolean {
  if (!filter.status) return state.tickets.some((t) => t.id === ticket.id);
  if (ticket.status !== filter.status) return false;
  // Pending tickets are nobody's yet; open and closed ones are the user's own unless the list shows all.
  return filter.showAll || ticket.status === 'pending' || ticket.userId === filter.userId;
}

function upsert(state: TicketListState, ticket: Ticket, toTop: boolean): TicketListState {
  const index = state.tickets.findIndex((t) => t.id === ticket.id);
  if (index === -1) return { ...state, tickets: [ticket, ...state.tickets], count: state.count + 1 };
  if (toTop) return { ...state, tickets: [ticket, ...state.tickets.filter((t) => t.id !== ticket.id)] };
  return { ...state, tickets: state.tickets.map((t) => (t.id === ticket.id ? ticket : t)) };
}

function remove(state: TicketListState, ticketId: number): TicketListState {
  if (!state.tickets.some((t) => t.id === ticketId)) return state;
  return { ...state, tickets: state.tickets.filter((t) => t.id !== ticketId), count: Math.max(0, state.count - 1) };
}

/** Spec §4: update keeps the ticket if it still matches the list, delete removes it, updateUnread clears its badge. */
export function applyTicketFeed(state: TicketListState, payload: TicketFeedPayload, filter: TicketListFilter): TicketListState {
  switch (payload.action) {
    case 'update':
      return belongs(state, payload.ticket, filter) ? upsert(state, payload.ticket, false) : remove(state, payload.ticket.id);
    case 'delete':
      return remove(state, payload.ticketId);
    case 'updateUnread':
      return {
        ...state,
        tickets: state.tickets.map((t) => (t.id === payload.ticketId ? { ...t, unreadMessages: 0 } : t)),
      };
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}

/** A new message moves its ticket to the top, with the ticket's unread count. */
export function applyMessageFeed(state: TicketListState, payload: AppMessageFeedPayload, filter: TicketListFilter): TicketListState {
  if (payload.action !== 'create') return state;
  return belongs(state, payload.ticket, filter) ? upsert(state, payload.ticket, true) : remove(state, payload.ticket.id);
}
