/**
 * The chatbot of a connection and its queues (spec: queue choice and option menus): where a ticket's conversation with
 * the bot stands. `path` null: the customer is choosing a queue; `[]`: the chosen queue's top menu; `[a, b]`: under
 * option a, then option b. `invalid` counts the answers the bot could not use since `invalidSince`.
 */
export type ChatbotEvent =
  | { type: 'ChatbotAdvanced'; data: { ticketId: number; path: number[] | null; invalid: number; invalidSince: string | null } }
  /**
   * The bot stops talking on this ticket: it reached an answer (`done`), the customer kept answering what it could not
   * use (`attempts`), a person replied from the connected phone (`person`) or an integration paused it (`paused`). After
   * `person` or `paused` nothing automatic speaks on the ticket (not even the out-of-hours message) until it resumes.
   */
  | { type: 'ChatbotStopped'; data: { ticketId: number; reason: 'done' | 'attempts' | 'person' | 'paused' } }
  /** An integration (or an agent) handed the ticket back to the bot: it answers the customer's next message. */
  | { type: 'ChatbotResumed'; data: { ticketId: number } }
  /** The out-of-hours message went out for the closed period that ends at `until` (local "2026-11-23 08:00"; null: none). */
  | { type: 'ChatbotOutOfHours'; data: { ticketId: number; until: string | null } }
  /** A ticket that opened out of hours was greeted with the customer's first message in hours. */
  | { type: 'ChatbotGreeted'; data: { ticketId: number } };

import type { CompanySchedule } from '../companies/events.js';

/** One entry of a queue's menu, as the bot walks it. */
export interface ChatbotOption {
  id: number;
  option: number;
  title: string;
  message: string;
  children: ChatbotOption[];
}

/**
 * What the bot knows of a connection when a customer writes (read from the catalogue when the command is built): the
 * decider stays pure, and a change of menus applies from the next message on.
 */
export interface ChatbotContext {
  greetingMessage: string;
  /** The connection's queues, in their order, with their hours (used when `hours.scope` is `queue`). */
  queues: Array<{ id: number; name: string; greetingMessage: string; options: ChatbotOption[]; outOfHoursMessage: string; schedules: CompanySchedule[] }>;
  /**
   * The company's `scheduleType`: `company` reads the company's hours (and answers with the connection's out-of-hours
   * message), `queue` each queue's; read in the company's `timeZone`.
   */
  hours: { scope: 'disabled' | 'company' | 'queue'; timeZone: string; schedules: CompanySchedule[]; outOfHoursMessage: string };
  /** The company's `sendGreetingMessageOneQueues`: greet even when the connection has one queue. */
  greetOneQueue: boolean;
  /** Answers the bot cannot use before it stops (`maxUseBotQueues`), counted within `timeUseBotQueues` minutes (0: ever). */
  maxInvalid: number;
  invalidWindowMinutes: number;
  /** Where a ticket goes when the customer never picks a queue (`transferQueueId`), if anywhere. */
  transferQueueId: number | null;
  /** The connection's rating question (with the scale) and completion message, for a rating being waited for. */
  rating: { question: string; completion: string };
}
