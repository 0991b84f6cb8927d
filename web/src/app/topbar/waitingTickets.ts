import type { SessionUser, Ticket, TicketFeedPayload } from '@atendo/contracts';

/**
 * Spec §6: the bell shows the tickets waiting for the user — pending tickets of the user's queues (or of no queue),
 * and every pending one the user may see when allTicket is enabled.
 */
export function waitsFor(user: Pick<SessionUser, 'allTicket' | 'queues'>, ticket: Ticket): boolean {
  if (ticket.status !== 'pending') return false;
  if (user.allTicket === 'enabled' || ticket.queueId === null) return true;
  return user.queues.some((q) => q.id === ticket.queueId);
}

export interface WaitingState {
  tickets: Ticket[];
  /** The server's count of pending ones (more than the first page may hold). */
  count: number;
}

export const NO_WAITING: WaitingState = { tickets: [], count: 0 };

const newestFirst = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The first page the server answers, kept to the tickets that wait for this user. */
export function waitingFromPage(user: Pick<SessionUser, 'allTicket' | 'queues'>, tickets: Ticket[], count: number): WaitingState {
  const waiting = tickets.filter((t) => waitsFor(user, t));
  return { tickets: waiting, count: Math.max(waiting.length, count - (tickets.length - waiting.length)) };
}

/**
 * A ticket change as the bell sees it; `arrived` says a ticket just started waiting (the bell rings). When the change
 * names a ticket the bell does not hold while more wait than it holds (beyond the first page), it cannot tell a new
 * ticket from one of those: `recount` asks for the first page again, and the bell rings if the count grew.
 */
export function applyTicketFeed(
  user: Pick<SessionUser, 'allTicket' | 'queues'>,
  state: WaitingState,
  payload: TicketFeedPayload,
): { state: WaitingState; arrived: boolean; recount?: boolean } {
  if (payload.action === 'updateUnread') return { state, arrived: false };
  const id = payload.action === 'delete' ? payload.ticketId : payload.ticket.id;
  const known = state.tickets.some((t) => t.id === id);
  const unseen = state.count > state.tickets.length;
  const others = state.tickets.filter((t) => t.id !== id);
  if (payload.action === 'delete' || !waitsFor(user, payload.ticket)) {
    if (known) return { state: { tickets: others, count: Math.max(others.length, state.count - 1) }, arrived: false };
    return { state, arrived: false, recount: unseen };
  }
  const tickets = [...others, payload.ticket].sort(newestFirst);
  if (!known && unseen) return { state: { tickets, count: state.count }, arrived: false, recount: true };
  return { state: { tickets, count: known ? Math.max(state.count, tickets.length) : state.count + 1 }, arrived: !known };
}
