/**
 * Durable timers of a ticket (issue 11): a deadline is an event with its due time, so it survives restarts and a
 * replay shows when it was set and when it fired. The jobs role keeps the armed ones in a table and sends
 * `FireTimer` when one falls due; the decider checks that it still applies, and the effect goes in the same append.
 */

/**
 * The kinds of deadline, each declared by the rule family that fires it, by module augmentation from its contracts
 * folder (`declare module '../timers/events.js' { interface TimerKindCatalogue { ratingWait: true } }`), so no
 * central list names them. The server's list of kinds is the one its families compose (the conversation's
 * `timerKinds`): what the jobs role fires.
 */
export interface TimerKindCatalogue {}

export type TimerKind = keyof TimerKindCatalogue & string;

export type TimerEvent =
  /** A ticket's deadline of this kind is `dueAt`; it replaces one of the same kind armed before. */
  | { type: 'TimerArmed'; data: { ticketId: number; kind: TimerKind; dueAt: string } }
  /** The deadline came and its rule still applied: what it does follows in the same append. */
  | { type: 'TimerFired'; data: { ticketId: number; kind: TimerKind; dueAt: string } };
