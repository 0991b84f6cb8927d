import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookAnswer, WebhookPostInput } from '@atendo/contracts';
import { readCapped, type EffectContext } from '@atendo/flow-engine';

/** How much of an answer is read: a few replies are a few kilobytes; more is not an answer. */
export const ANSWER_LIMIT = 256 * 1024;

export const DELIVERY_HEADER = 'X-Atendo-Delivery';
export const TIMESTAMP_HEADER = 'X-Atendo-Timestamp';
export const SIGNATURE_HEADER = 'X-Atendo-Signature';

/** `sha256=` and the hex HMAC-SHA256 of `{timestamp}.{body}` under the secret. */
export const signatureOf = (secret: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * For a receiver (and the tests): whether `header` is the signature of this timestamp and body under `secret`,
 * compared in constant time. Checking that the timestamp is recent, to refuse a replayed post, is the receiver's part.
 */
export function verifyWebhookSignature(secret: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function inputOf(value: unknown): WebhookPostInput {
  const v = value as WebhookPostInput | null;
  const fine =
    !!v &&
    typeof v.url === 'string' &&
    /^https?:\/\//.test(v.url) &&
    typeof v.secret === 'string' &&
    v.secret !== '' &&
    typeof v.deliveryId === 'string' &&
    isObject(v.payload) &&
    v.payload.event === 'message' &&
    isObject(v.payload.message) &&
    isObject(v.payload.contact) &&
    isObject(v.payload.variables);
  if (!fine) throw new Error('invalid input: not a webhook.post input');
  return v;
}

/** A queue's or a person's id as a receiver may write it: 2 or "2". */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return Number.isInteger(n) && (n as number) > 0 ? (n as number) : null;
}

function repliesOf(value: unknown): string[] {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return items
    .map((item) => (typeof item === 'string' ? item : isObject(item) && typeof item.text === 'string' ? item.text : ''))
    .map((reply) => reply.trim())
    .filter(Boolean);
}

/**
 * A receiver's answer, read leniently: `replies` a text, a list of texts or of `{ text }`; `transfer` `{ queueId?,
 * userId? }`; `stop` true. Anything else in it is ignored; an empty body, or `{}`, asks for nothing.
 */
export function answerOf(body: string): WebhookAnswer {
  if (body.trim() === '') return { replies: [], transfer: null, stop: false };
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw new Error('webhook: the answer is not JSON');
  }
  if (!isObject(answer)) return { replies: [], transfer: null, stop: false };
  const transfer = isObject(answer.transfer) ? { queueId: idOf(answer.transfer.queueId), userId: idOf(answer.transfer.userId) } : null;
  return { replies: repliesOf(answer.replies), transfer, stop: answer.stop === true };
}

/**
 * The performer of `webhook.post`: posts the message as JSON, signed (README.md says how), with the runtime's fetch and
 * deadline, and answers what the receiver asked. A status other than 2xx fails as `webhook: HTTP <status>` (never the
 * body, which may echo what it was sent); no answer fails as `webhook: network`.
 */
export async function performWebhookPost(raw: unknown, context: EffectContext): Promise<WebhookAnswer> {
  const input = inputOf(raw);
  const secret = await context.resolveSecret(input.secret);
  const body = JSON.stringify({ ...input.payload, companyId: context.companyId, ticketId: context.ticketId });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await context.fetch(input.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [DELIVERY_HEADER]: input.deliveryId,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signatureOf(secret, timestamp, body),
      },
      body,
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw new Error('webhook: network');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`webhook: HTTP ${response.status}`);
  }
  return answerOf(await readCapped(response, ANSWER_LIMIT, 'webhook'));
}

