import { createHash, createSign } from 'node:crypto';
import type { DialogflowDetectInput, DialogflowDetectValue } from '@atendo/contracts';
import { readCapped, type EffectContext } from '@atendo/flow-engine';

/**
 * Dialogflow ES's REST API (v2), spoken with fetch and node:crypto rather than Google's client libraries: those bring
 * gRPC and endpoints of their own, which neither the runtime's guarded fetch nor a test's local server can stand in
 * for. Two calls:
 *
 *   POST {token_uri}  grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT signed with the key>
 *   POST {base}/v2/projects/{projectId}/agent/sessions/{sessionId}:detectIntent   (Authorization: Bearer <token>)
 *
 * `base` is DIALOGFLOW_API_URL when set (a regional endpoint, a test's server), else Google's.
 */

export const DEFAULT_API_URL = 'https://dialogflow.googleapis.com';
export const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/dialogflow';

/** Google's tokens last an hour; one is reused until this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** How much of an answer is read: a detectIntent answer is a few kilobytes. */
export const ANSWER_LIMIT = 1024 * 1024;

const NOT_A_KEY = 'dialogflow: the credentials are not a service account key';

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  token_uri: string;
}

/**
 * Access tokens shared by the runs of this process, by company and by the key itself (issue 32): an e-mail is no
 * secret, so a company naming another's account with a key of its own must ask Google, never get the other's token.
 * The key is in the map only as a hash, so the map's keys can be seen without showing a credential.
 */
const tokens = new Map<string, { token: string; expiresAt: number }>();
const cacheKeyOf = (companyId: number, key: ServiceAccountKey) =>
  `${companyId} ${createHash('sha256').update(JSON.stringify([key.token_uri, key.client_email, key.private_key])).digest('hex')}`;

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);

function inputOf(value: unknown): DialogflowDetectInput {
  const v = value as DialogflowDetectInput | null;
  const fine =
    !!v &&
    typeof v.credentials === 'string' &&
    typeof v.projectId === 'string' &&
    /^[\w.:-]{1,100}$/.test(v.projectId) &&
    typeof v.language === 'string' &&
    typeof v.text === 'string' &&
    v.text.trim() !== '' &&
    (v.sessionId === undefined || (typeof v.sessionId === 'string' && v.sessionId !== ''));
  if (!fine) throw new Error('invalid input: not a dialogflow.detectIntent input');
  return v;
}

/** The key's fields this needs; the error never quotes the key. */
function keyOf(json: string): ServiceAccountKey {
  let key: unknown;
  try {
    key = JSON.parse(json);
  } catch {
    throw new Error(NOT_A_KEY);
  }
  if (!isObject(key) || typeof key.client_email !== 'string' || typeof key.private_key !== 'string' || !key.private_key.includes('PRIVATE KEY')) throw new Error(NOT_A_KEY);
  const tokenUri = typeof key.token_uri === 'string' && /^https?:\/\//.test(key.token_uri) ? key.token_uri : DEFAULT_TOKEN_URI;
  return { client_email: key.client_email, private_key: key.private_key, token_uri: tokenUri };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The JWT the token endpoint exchanges for an access token: the account's claims, signed RS256 with its key. */
export function assertionOf(key: ServiceAccountKey, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: key.client_email, scope: DIALOGFLOW_SCOPE, aud: key.token_uri, iat: nowSeconds, exp: nowSeconds + 3600 }));
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key.private_key, 'base64url');
  } catch {
    throw new Error(NOT_A_KEY);
  }
  return `${header}.${claims}.${signature}`;
}

/** A POST with the runtime's fetch and deadline; no answer is `dialogflow: network`. */
async function post(context: EffectContext, url: string, init: { headers: Record<string, string>; body: string }): Promise<Response> {
  try {
    return await context.fetch(url, { method: 'POST', ...init, signal: context.signal });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw new Error('dialogflow: network');
  }
}

/** `dialogflow: HTTP <status> <code>`: the code Google gives (PERMISSION_DENIED, invalid_grant), never its message. */
async function failure(response: Response): Promise<Error> {
  let code = '';
  try {
    const answer = JSON.parse(await readCapped(response, ANSWER_LIMIT, 'dialogflow'));
    const candidate = isObject(answer?.error) ? answer.error.status : answer?.error;
    if (typeof candidate === 'string' && /^[A-Za-z_]{1,64}$/.test(candidate)) code = ` ${candidate}`;
  } catch {
    // No code to give: the status says enough.
  }
  return new Error(`dialogflow: HTTP ${response.status}${code}`);
}

async function accessToken(key: ServiceAccountKey, context: EffectContext): Promise<string> {
  const cacheKey = cacheKeyOf(context.companyId, key);
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
  const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: assertionOf(key, Math.floor(Date.now() / 1000)) });
  const response = await post(context, key.token_uri, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  if (!response.ok) throw await failure(response);
  const answer = await jsonOf(response);
  if (!isObject(answer) || typeof answer.access_token !== 'string') throw new Error('dialogflow: the token answer has no token');
  const seconds = Number(answer.expires_in);
  tokens.set(cacheKey, { token: answer.access_token, expiresAt: Date.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000 });
  return answer.access_token;
}

/** The answer's texts: its text messages in order, else its fulfilment text. */
export function valueOf(answer: unknown): DialogflowDetectValue {
  const result = isObject(answer) && isObject(answer.queryResult) ? answer.queryResult : null;
  if (!result) throw new Error('dialogflow: the answer has no query result');
  const messages = Array.isArray(result.fulfillmentMessages) ? result.fulfillmentMessages : [];
  const fromMessages = messages.flatMap((m: unknown) => (isObject(m) && isObject(m.text) && Array.isArray(m.text.text) ? m.text.text : [])).filter((t: unknown): t is string => typeof t === 'string' && t.trim() !== '');
  const fulfillment = typeof result.fulfillmentText === 'string' && result.fulfillmentText.trim() !== '' ? [result.fulfillmentText] : [];
  const intent = isObject(result.intent) ? result.intent : null;
  return {
    intent: typeof intent?.displayName === 'string' ? intent.displayName : null,
    texts: fromMessages.length > 0 ? fromMessages : fulfillment,
    endInteraction: intent?.endInteraction === true || (isObject(result.diagnosticInfo) && result.diagnosticInfo.end_conversation === true),
  };
}

/**
 * The performer of `dialogflow.detectIntent`: the agent's answer to the contact's text, in the session of the run's
 * company and ticket unless the input names one. The key is opened only for the call and never quoted in an error.
 */
export async function performDialogflowDetect(raw: unknown, context: EffectContext): Promise<DialogflowDetectValue> {
  const input = inputOf(raw);
  const key = keyOf(await context.resolveSecret(input.credentials));
  const token = await accessToken(key, context);
  const base = (process.env.DIALOGFLOW_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const sessionId = input.sessionId ?? `${context.companyId}-${context.ticketId}`;
  const url = `${base}/v2/projects/${encodeURIComponent(input.projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
  const response = await post(context, url, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ queryInput: { text: { text: input.text, languageCode: input.language } } }),
  });
  if (!response.ok) {
    // A token refused before its time (the key revoked): the next call asks for a new one.
    if (response.status === 401) tokens.delete(cacheKeyOf(context.companyId, key));
    throw await failure(response);
  }
  return valueOf(await jsonOf(response));
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await readCapped(response, ANSWER_LIMIT, 'dialogflow'));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error('dialogflow: the answer is not JSON');
    throw error;
  }
}

