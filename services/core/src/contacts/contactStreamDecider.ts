import { composeFamilies, type RuleFamily } from '../commands/ruleFamily.js';
import { contactRules, type ContactCommand } from './contactRules.js';
import { messageRules, type MessageCommand } from '../messages/messageRules.js';
import { ticketRules, type TicketCommand } from '../tickets/ticketRules.js';
import { chatbotRules, type ChatbotCommand } from '../chatbot/chatbot.js';
import { ratingRules } from '../ratings/rating.js';
import { timerRules, type TimerCommand } from '../timers/timers.js';
import { ticketTagRules, type TicketTagCommand } from '../tags/ticketTags.js';
import { ticketFlowRules, type TicketFlowCommand } from '../flows/ticketFlows.js';
import { contactStreamSnapshots, initialContactStream, type ContactStreamDomainEvent, type ContactStreamState } from './contactStream.js';

export { inboundEventId, nameBasedUuid } from '../messages/inboundIds.js';

/** The commands of a customer's stream: those of each rule family. */
export type ContactStreamCommand = ContactCommand | TicketCommand | MessageCommand | TimerCommand | ChatbotCommand | TicketTagCommand | TicketFlowCommand;

/**
 * The rule families of the customer's stream (decision 0013). A feature that brings commands and events to the
 * stream (tags, notes, ratings, transfers, bots, flows) adds its family here.
 */
const families = [contactRules, ticketRules, messageRules, chatbotRules, ratingRules, timerRules, ticketTagRules, ticketFlowRules] as ReadonlyArray<RuleFamily<ContactStreamCommand, ContactStreamDomainEvent, ContactStreamState>>;

export const contactStreamDecider = composeFamilies<ContactStreamCommand, ContactStreamDomainEvent, ContactStreamState>(families, {
  initialState: initialContactStream,
  snapshot: contactStreamSnapshots,
});
