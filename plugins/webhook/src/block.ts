import { WEBHOOK_POST_EFFECT, type WebhookAnswer, type WebhookPostInput } from '@atendo/contracts';
import { awaitReply, defineBlock, delay, effect, finish, follow, handOver, text, yup, type BlockOutcome, type IncomingMessage } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The webhook block (the n8n and webhook integrations run on it): each of the contact's messages is posted, signed,
 * to an address the company chose (the `webhook.post` effect, perform.ts), and what the receiver answers decides the
 * rest: replies to send, a transfer to a queue or a person, or `stop` to let the ticket go to its queue's people.
 *
 * A post that fails is tried again, `retries` times at most, after 5 s, 15 s, 45 s … (three times longer each time).
 * The engine's pause (`delay`) leaves a block by a port, so the spaced retries need the `retry` port connected back to
 * this same block (what the integrations' flows do); the message being delivered and the failures so far wait in the
 * execution's variables meanwhile, the only state a pure block has. Without that connection the tries follow each
 * other at once. When the last one fails the path leaves by `error`, or, when that leads nowhere, the block goes on
 * listening: the conversation is not lost for one message.
 */

export const ATTEMPT_VARIABLE = 'webhook.attempt';
export const PENDING_VARIABLE = 'webhook.pending';

export const RETRIES_MAX = 10;
export const FIRST_RETRY_SECONDS = 5;
export const TIMEOUT_MAX_MINUTES = 10_080;

export interface WebhookConfig {
  /** Where each message is posted. */
  url: string;
  /** The HMAC key the posts are signed with: in a published graph, the reference `secret:<id>`. */
  secret: string;
  /** Tries after the first when a post fails. */
  retries: number;
  /** How long each reply is waited for before leaving by `timeout`. */
  timeoutMinutes: number;
}

/** The pause before retry number `attempt` (1, 2 …): 5 s, 15 s, 45 s, 135 s … */
export const retryDelaySeconds = (attempt: number) => FIRST_RETRY_SECONDS * 3 ** (attempt - 1);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The run's variables as the receiver sees them: the block's own bookkeeping left out. */
const visible = (variables: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(variables).filter(([name]) => !name.startsWith('webhook.')));

/** The post for one message; the performer fills in the company and the ticket, which a block does not know. */
export function postInputOf(config: WebhookConfig, variables: Readonly<Record<string, string>>, message: IncomingMessage): WebhookPostInput {
  return {
    url: config.url,
    secret: config.secret,
    deliveryId: message.id,
    payload: {
      event: 'message',
      companyId: 0,
      ticketId: 0,
      contact: { name: variables.name ?? '', number: variables.number ?? '' },
      message: { id: message.id, body: message.body, mediaType: message.mediaType ?? 'chat', mediaUrl: message.mediaUrl ?? null },
      variables: visible(variables),
    },
  };
}

/** The message a retry delivers again, as the variable keeps it. */
function pendingOf(variables: Readonly<Record<string, string>>): IncomingMessage | null {
  try {
    const m = JSON.parse(variables[PENDING_VARIABLE] ?? '') as IncomingMessage | null;
    return m && typeof m.id === 'string' && typeof m.body === 'string' ? m : null;
  } catch {
    return null;
  }
}

const isId = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) > 0);
const isAnswer = (value: unknown): value is WebhookAnswer => {
  const v = value as WebhookAnswer | null;
  return (
    !!v &&
    Array.isArray(v.replies) &&
    v.replies.every((r) => typeof r === 'string') &&
    typeof v.stop === 'boolean' &&
    (v.transfer === null || (typeof v.transfer === 'object' && isId(v.transfer.queueId) && isId(v.transfer.userId)))
  );
};

/** Nothing pending, no failures: what a delivered (or abandoned) message leaves behind. */
const settled = { [ATTEMPT_VARIABLE]: '0', [PENDING_VARIABLE]: '' };

export default defineBlock<WebhookConfig>({
  type: 'webhook',
  label: 'flows.blocks.webhook',
  icon: 'globe-network',
  texts,
  input: true,
  outputs: [
    { name: 'timeout', label: 'flows.ports.timeout' },
    { name: 'error', label: 'flows.ports.error' },
    { name: 'retry', label: 'flows.ports.retry' },
  ],
  waits: true,
  defaults: { url: '', secret: '', retries: 4, timeoutMinutes: 1440 },
  fields: [
    { name: 'url', kind: 'text', label: 'flows.fields.webhookUrl' },
    { name: 'secret', kind: 'secret', label: 'flows.fields.webhookSecret' },
    { name: 'retries', kind: 'number', label: 'flows.fields.webhookRetries', min: 0, max: RETRIES_MAX },
    { name: 'timeoutMinutes', kind: 'number', label: 'flows.fields.timeoutMinutes', min: 1, max: TIMEOUT_MAX_MINUTES },
  ],
  schema: yup.object({
    url: yup
      .string()
      .trim()
      .required('validation.required')
      .max(2048, 'validation.tooLong')
      .test('httpUrl', 'flows.validation.webhookUrl', (v) => !v || isHttpUrl(v)),
    secret: yup.string().trim().required('validation.required').max(4096, 'validation.tooLong'),
    retries: yup.number().typeError('validation.type').integer('validation.integer').min(0, 'validation.min').max(RETRIES_MAX, 'validation.max').default(4),
    timeoutMinutes: yup.number().typeError('validation.type').integer('validation.integer').min(1, 'validation.min').max(TIMEOUT_MAX_MINUTES, 'validation.max').default(1440),
  }),
  run({ config, variables, input, isConnected }): BlockOutcome {
    const listen = awaitReply(config.timeoutMinutes * 60, 'timeout');
    switch (input.type) {
      case 'enter': {
        // Back from a retry's pause (the `retry` port leads here): the same message again.
        const pending = pendingOf(variables);
        return { next: pending ? effect(WEBHOOK_POST_EFFECT, postInputOf(config, variables, pending)) : listen };
      }
      case 'reply':
        return {
          set: { [ATTEMPT_VARIABLE]: '0', [PENDING_VARIABLE]: JSON.stringify(input.message) },
          next: effect(WEBHOOK_POST_EFFECT, postInputOf(config, variables, input.message)),
        };
      case 'effect': {
        const answer = input.result.ok && isAnswer(input.result.value) ? input.result.value : null;
        if (answer) {
          const send = answer.replies.map((reply) => text(reply));
          if (answer.transfer) return { set: settled, send, next: handOver(answer.transfer.queueId, answer.transfer.userId) };
          return { set: settled, send, next: answer.stop ? finish() : listen };
        }
        const attempt = (Number(variables[ATTEMPT_VARIABLE]) || 0) + 1;
        const pending = pendingOf(variables);
        if (attempt > config.retries || !pending) return { set: settled, next: isConnected('error') ? follow('error') : listen };
        return {
          set: { [ATTEMPT_VARIABLE]: String(attempt) },
          next: isConnected('retry') ? delay(retryDelaySeconds(attempt), 'retry') : effect(WEBHOOK_POST_EFFECT, postInputOf(config, variables, pending)),
        };
      }
      default: {
        const unknown: never = input;
        return unknown;
      }
    }
  },
});
