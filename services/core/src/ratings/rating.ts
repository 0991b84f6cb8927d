import { RATING_WAIT_MINUTES, type ChatbotContext } from '@atendo/contracts';
import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamDomainEvent, ContactStreamState } from '../contacts/contactStream.js';

/** A resolved ticket waiting for the customer's rating. */
export interface RatingWait {
  ticketId: number;
  askedAt: string;
  tries: number;
}

/**
 * A customer's message while a rating is awaited (rule 4): 1, 2 or 3 rates the ticket's agent and gets the completion
 * message; anything else gets the question once more, then ends the wait without a rating. The message belongs to the
 * resolved ticket. Answers `undefined` when no rating is awaited or the wait is over (the message then opens a new
 * ticket as usual, after the events answered here, which end the wait).
 */
export function ratingTurn(input: {
  state: ContactStreamState;
  context: ChatbotContext['rating'] | undefined;
  body: string;
  at: string;
  received(ticketId: number): ContactStreamDomainEvent;
  messageId(n: number): string;
}): { events: ContactStreamDomainEvent[]; handled: boolean } | undefined {
  const wait = input.state.rating;
  if (!wait) return undefined;
  const ticket = input.state.tickets.get(wait.ticketId);
  if (!ticket || Date.parse(input.at) - Date.parse(wait.askedAt) > RATING_WAIT_MINUTES * 60_000 || !input.context) {
    return { events: [{ type: 'TicketRatingDropped', data: { ticketId: wait.ticketId, reason: 'expired' } }], handled: false };
  }
  const events: ContactStreamDomainEvent[] = [input.received(ticket.id)];
  let sent = 0;
  const say = (body: string) => {
    if (body.trim()) events.push({ type: 'MessageQueued', data: { ticketId: ticket.id, messageId: input.messageId(sent++), whatsappId: ticket.whatsappId, body: body.trim(), userId: 0, quotedMessageId: null } });
  };
  const answer = input.body.trim();
  if (answer === '1' || answer === '2' || answer === '3') {
    events.push({ type: 'TicketRated', data: { ticketId: ticket.id, userId: ticket.userId, rate: Number(answer) as 1 | 2 | 3 } });
    say(input.context.completion);
  } else if (wait.tries === 0) {
    say(input.context.question);
    events.push({ type: 'TicketRatingAsked', data: { ticketId: ticket.id, askedAt: wait.askedAt, tries: 1 } });
  } else {
    events.push({ type: 'TicketRatingDropped', data: { ticketId: ticket.id, reason: 'unanswered' } });
  }
  return { events, handled: true };
}

/** Folds the rating awaited on the customer's stream. */
export const ratingRules: RuleFamily<never, ContactStreamDomainEvent, ContactStreamState> = {
  name: 'ratings',
  decide: {},
  evolve: {
    TicketRatingAsked(next, { data }) {
      next.rating = { ticketId: data.ticketId, askedAt: data.askedAt, tries: data.tries };
    },
    TicketRated(next) {
      next.rating = null;
    },
    TicketRatingDropped(next) {
      next.rating = null;
    },
  },
};
