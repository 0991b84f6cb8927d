/**
 * The chatbot of a connection and its queues (spec: queue choice and option menus): where a ticket's conversation with
 * the bot stands. `path` null: the customer is choosing a queue; `[]`: the chosen queue's top menu; `[a, b]`: under
 * option a, then option b. `invalid` counts the answers the bot could not use since `invalidSince`.
 */
export type ChatbotEvent =
  | { type: 'ChatbotAdvanced'; data: { ticketId: number; path: number[] | null; invalid: number; invalidSince: string | null } }
  /** The bot stops talking on this ticket: it reached an answer, or the customer kept answering what it could not use. */
  | { type: 'ChatbotStopped'; data: { ticketId: number; reason: 'done' | 'attempts' } };

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
  /** The connection's queues, in their order. */
  queues: Array<{ id: number; name: string; greetingMessage: string; options: ChatbotOption[] }>;
  /** The company's `sendGreetingMessageOneQueues`: greet even when the connection has one queue. */
  greetOneQueue: boolean;
  /** Answers the bot cannot use before it stops (`maxUseBotQueues`), counted within `timeUseBotQueues` minutes (0: ever). */
  maxInvalid: number;
  invalidWindowMinutes: number;
  /** Where a ticket goes when the customer never picks a queue (`transferQueueId`), if anywhere. */
  transferQueueId: number | null;
}
