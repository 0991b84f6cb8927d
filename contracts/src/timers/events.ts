/**
 * Durable timers of a ticket (issue 11): a deadline is an event with its due time, so it survives restarts and a
 * replay shows when it was set and when it fired. The jobs role keeps the armed ones in a table and sends
 * `FireTimer` when one falls due; the decider checks that it still applies, and the effect goes in the same append.
 *
 * - `autoClose`: an agent's message on an open ticket, quiet for the connection's `expiresTicket` minutes: the
 *   inactivity message, and the ticket closes. A customer's message disarms it.
 * - `autoTransfer`: a pending ticket with no queue after the connection's `timeToTransfer` minutes moves to its
 *   transfer queue.
 * - `ratingWait`: a rating question unanswered after RATING_WAIT_MINUTES: the wait ends without a rating.
 */
export const TIMER_KINDS = ['autoClose', 'autoTransfer', 'ratingWait'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export type TimerEvent =
  /** A ticket's deadline of this kind is `dueAt`; it replaces one of the same kind armed before. */
  | { type: 'TimerArmed'; data: { ticketId: number; kind: TimerKind; dueAt: string } }
  /** The deadline came and its rule still applied: what it does follows in the same append. */
  | { type: 'TimerFired'; data: { ticketId: number; kind: TimerKind; dueAt: string } };
