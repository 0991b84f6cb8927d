import { contactRules } from '../contacts/contactRules.js';
import { messageRules } from '../messages/messageRules.js';
import { ticketRules } from '../tickets/ticketRules.js';
import { chatbotRules } from '../chatbot/chatbot.js';
import { ratingRules } from '../ratings/rating.js';
import { timerRules } from '../timers/timers.js';
import { ticketTagRules } from '../tags/ticketTags.js';
import { ticketFlowRules } from '../flows/ticketFlows.js';
import { composeConversation } from './compose.js';
import type { ConversationFamily } from './family.js';

export { inboundEventId, nameBasedUuid } from '../messages/inboundIds.js';
export type { ContactStreamCommand } from './family.js';

/**
 * The rule families of the customer's stream (decisions 0013, 0045). A family lives in its own folder: its commands,
 * its slice of the state, its rules and what it adds to the others' decisions (a customer's message, resolving, a
 * typed reply on the phone, a due timer); a new one is one entry here.
 */
const families = [contactRules, ticketRules, messageRules, chatbotRules, ratingRules, timerRules, ticketTagRules, ticketFlowRules] as ReadonlyArray<ConversationFamily<{ type: string }>>;

// Snapshots: bump the version when the state's shape or a window's size changes: older snapshots are then ignored.
export const contactStreamDecider = composeConversation(families, { version: 7, every: 100 });

export const contactStreamSnapshots = contactStreamDecider.snapshot;

export const initialContactStream = contactStreamDecider.initialState;
