/**
 * The customer's rating of a ticket (spec: `userRating`): asked when the ticket is resolved, answered 1 to 3 within
 * RATING_WAIT_MINUTES. An answer that is not 1 to 3 gets the question once more; a second one, or no answer in time,
 * ends the wait without a rating.
 */
export type RatingEvent =
  | { type: 'TicketRatingAsked'; data: { ticketId: number; askedAt: string; tries: number } }
  | { type: 'TicketRated'; data: { ticketId: number; userId: number | null; rate: 1 | 2 | 3 } }
  | { type: 'TicketRatingDropped'; data: { ticketId: number; reason: 'unanswered' | 'expired' } };

declare module '../timers/events.js' {
  interface TimerKindCatalogue {
    /** A rating question unanswered after RATING_WAIT_MINUTES: the wait ends without a rating. */
    ratingWait: true;
  }
}

/** How long a resolved ticket waits for the customer's rating. */
export const RATING_WAIT_MINUTES = 10;

/** The scale the rating question ends with. */
export const RATING_SCALE = '*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';

/** The connection's rating message followed by the scale. */
export function ratingQuestion(ratingMessage: string): string {
  return [ratingMessage.trim(), RATING_SCALE].filter(Boolean).join('\n\n');
}
