/**
 * How a prompt's or an integration's outside calls fare, as the console shows it: `failing` from the first call that
 * failed for good (after its retries) until one works again.
 */
export interface BotHealth {
  status: 'ok' | 'failing';
  lastError: string | null;
  lastErrorAt: string | null;
}

/**
 * What hands a conversation to an automation, as the gateway gives it to the conversation (decision 0033): a prompt or a
 * queue integration, by id; `flowId` is the flow a `flowbuilder` integration runs (null for the others, whose flow the
 * runner builds from the record).
 */
export interface BotRef {
  kind: 'prompt' | 'integration';
  id: number;
  flowId: number | null;
}

/** The automations of a connection: its own (for tickets with no queue yet) and its queues' (by queue id). */
export interface BotTriggers {
  connection: BotRef | null;
  queues: Record<number, BotRef>;
}
