import type { Prompt } from './prompt.js';
import type { QueueIntegration } from './queueIntegration.js';

/** `company-{id}-prompt` (admins): a prompt added or changed (its health too), or deleted. */
export type PromptFeedPayload = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };

/** `company-{id}-queueIntegration` (admins): an integration added or changed (its health too), or deleted. */
export type QueueIntegrationFeedPayload = { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number };

/** `GET /prompt` (spec: prompts). */
export interface PromptPage {
  prompts: Prompt[];
  count: number;
  hasMore: boolean;
}

/**
 * The outside calls the bots make, as effects the flow runner performs (plugins/webhook, plugins/dialogflow):
 * their names and inputs, shared by the blocks, the API's test session and the runner.
 */
export const DIALOGFLOW_DETECT_EFFECT = 'dialogflow.detectIntent';
export interface DialogflowDetectInput {
  /** The service account's JSON key: a secret reference (the performer opens it with `resolveSecret`). */
  credentials: string;
  projectId: string;
  language: string;
  text: string;
  /** Dialogflow's session; default: the company and ticket of the run. */
  sessionId?: string;
}
export interface DialogflowDetectValue {
  intent: string | null;
  /** The fulfilment's texts, in order (one when the agent answers with a plain fulfilment text). */
  texts: string[];
  /** The intent ends the conversation: the ticket goes to its queue's people. */
  endInteraction: boolean;
}

export const WEBHOOK_POST_EFFECT = 'webhook.post';
export interface WebhookPostInput {
  url: string;
  /** The HMAC key: a secret reference. */
  secret: string;
  /** Same for every try of one message, so a receiver can drop a repeat (`X-Atendo-Delivery`). */
  deliveryId: string;
  payload: WebhookPayload;
}
/** What a receiver is posted for each of the customer's messages. */
export interface WebhookPayload {
  event: 'message';
  companyId: number;
  ticketId: number;
  contact: { name: string; number: string };
  message: { id: string; body: string; mediaType: string; mediaUrl: string | null };
  /** The run's variables (the flow's, or the bot's). */
  variables: Record<string, string>;
}
/**
 * What a receiver may answer (JSON; an empty body or `{}` sends nothing): replies to send, a transfer to a queue or a
 * person, or `stop` to let the ticket go to its queue's people.
 */
export interface WebhookAnswer {
  replies: string[];
  transfer: { queueId: number | null; userId: number | null } | null;
  stop: boolean;
}
