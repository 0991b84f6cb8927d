import { chatbotRules } from '../chatbot/chatbot.js';
import { contactRules } from '../contacts/contactRules.js';
import { contactStreamDecider } from '../conversation/decider.js';
import type { ConversationFamily } from '../conversation/family.js';
import { ticketFlowRules } from '../flows/ticketFlows.js';
import { messageRules } from '../messages/messageRules.js';
import { ratingRules } from '../ratings/rating.js';
import { ticketTagRules } from '../tags/ticketTags.js';
import { ticketRules } from '../tickets/ticketRules.js';
import { timerRules } from '../timers/timers.js';

/**
 * Every rule family of core, for the specs of rules that meet on one conversation (a chatbot's answer after a rating,
 * a flow taking a ticket the menu chose). Only tests list them: the server composes the families its feature modules
 * bring, and services/runtime/src/features/conversation.test.ts checks that it brings these.
 */
export const everyFamily: ReadonlyArray<ConversationFamily> = [contactRules, ticketRules, messageRules, chatbotRules, ratingRules, timerRules, ticketTagRules, ticketFlowRules];

/** The customer's stream with every family of core. */
export const conversationDecider = contactStreamDecider(everyFamily);

export const conversationSnapshots = conversationDecider.snapshot;
