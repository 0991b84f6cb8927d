import { RATING_WAIT_MINUTES, type ChatbotContext } from '@atendo/contracts';
import { defineFamily, defineSlice, type InboundTurn } from '../conversation/family.js';
import type { ContactStreamDomainEvent } from '../conversation/state.js';
import { armTimer, systemMessage } from '../conversation/tickets.js';

/** A resolved ticket waiting for the customer's rating. */
export interface RatingWait {
  ticketId: number;
  askedAt: string;
  tries: number;
}

declare module '../conversation/state.js' {
  interface ConversationSlices {
    /** A resolved ticket waiting for the customer's rating. */
    rating: RatingWait | null;
  }
}
declare module '../conversation/family.js' {
  interface ResolveOptions {
    /** The rating question, asked at `at` (the company's `userRating`), with the id it goes out under. */
    rating?: { messageId: string; body: string; at: string };
  }
}

/**
 * A customer's message while a rating is awaited (rule 4): 1, 2 or 3 rates the ticket's agent and gets the completion
 * message; anything else gets the question once more, then ends the wait without a rating. The message belongs to the
 * resolved ticket. Answers `undefined` when no rating is awaited or the wait is over (the message then opens a new
 * ticket as usual, after the events answered here, which end the wait). The words are the connection's, which the
 * chatbot's context carries (`chatbot.rating`).
 */
function ratingTurn({ state, message, received, replyId }: InboundTurn): { events: ContactStreamDomainEvent[]; handled: boolean } | undefined {
  const wait = state.slices.rating;
  if (!wait) return undefined;
  const context: ChatbotContext['rating'] | undefined = message.chatbot?.rating;
  const ticket = state.tickets.get(wait.ticketId);
  if (!ticket || Date.parse(message.sentAt) - Date.parse(wait.askedAt) > RATING_WAIT_MINUTES * 60_000 || !context) {
    return { events: [{ type: 'TicketRatingDropped', data: { ticketId: wait.ticketId, reason: 'expired' } }], handled: false };
  }
  const events: ContactStreamDomainEvent[] = [received(ticket.id)];
  let sent = 0;
  const say = (body: string) => {
    if (body.trim()) events.push(systemMessage(ticket, replyId(sent++), body.trim()));
  };
  const answer = message.body.trim();
  if (answer === '1' || answer === '2' || answer === '3') {
    events.push({ type: 'TicketRated', data: { ticketId: ticket.id, userId: ticket.userId, rate: Number(answer) as 1 | 2 | 3 } });
    say(context.completion);
  } else if (wait.tries === 0) {
    say(context.question);
    events.push({ type: 'TicketRatingAsked', data: { ticketId: ticket.id, askedAt: wait.askedAt, tries: 1 } });
  } else {
    events.push({ type: 'TicketRatingDropped', data: { ticketId: ticket.id, reason: 'unanswered' } });
  }
  return { events, handled: true };
}

/** The customer's rating of a resolved ticket: asked on resolving, awaited on the stream, ended by an answer or time. */
export const ratingRules = defineFamily({
  name: 'ratings',
  inbound: { before: ratingTurn },
  // Resolving with the rating question asks it and arms its deadline (rule 4).
  resolve(command, ticket) {
    if (!command.rating) return [];
    const { messageId, body, at } = command.rating;
    return [systemMessage(ticket, messageId, body), { type: 'TicketRatingAsked', data: { ticketId: ticket.id, askedAt: at, tries: 0 } }, armTimer(ticket.id, 'ratingWait', at, RATING_WAIT_MINUTES)];
  },
  timers: {
    ratingWait(_fire, ticket, state) {
      return state.slices.rating?.ticketId === ticket.id ? [{ type: 'TicketRatingDropped', data: { ticketId: ticket.id, reason: 'expired' } }] : [];
    },
  },
  slice: defineSlice({
    key: 'rating',
    initial: () => null,
    snapshot: { serialize: (wait) => wait, deserialize: (data) => (data as RatingWait | null | undefined) ?? null },
    evolve: {
      TicketRatingAsked: (_wait, { data }) => ({ ticketId: data.ticketId, askedAt: data.askedAt, tries: data.tries }),
      TicketRated: () => null,
      TicketRatingDropped: () => null,
      // Reopened while its rating was awaited: the conversation goes on, the question is moot.
      TicketReopened: (wait, { data }) => (wait?.ticketId === data.ticketId ? null : wait),
      ContactDeleted: () => null,
    },
  }),
});
