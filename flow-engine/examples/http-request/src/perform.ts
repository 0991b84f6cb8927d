import type { EffectContext } from '@atendo/flow-engine';
import { HTTP_METHODS, TIMEOUT_MAX_SECONDS, isHttpUrl, type HttpRequestInput, type HttpResponseValue } from './block.js';

/**
 * The half with I/O: what a runtime calls when an execution records `EffectRequested` named `http-request`, and whose
 * answer it sends back as `EffectCompleted`. An answer of any status is `{ ok: true, value: { status, body, truncated } }`
 * (the block decides what a 500 means); no answer is `{ ok: false, error }`, the error starting with `timeout` or
 * `network`, or `invalid request` when the input is not one the block would ask for.
 */
export type PerformResult = { ok: true; value: HttpResponseValue } | { ok: false; error: string };

/** How much of a body is read; the rest is not even downloaded. */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

/**
 * `signal`: the runtime's own deadline, when it has one; the request's timeout applies as well. `fetcher`: the
 * runtime's fetch (which refuses addresses inside its network), else the global one.
 */
export async function perform(request: HttpRequestInput, signal?: AbortSignal, fetcher: typeof fetch = fetch): Promise<PerformResult> {
  const refused = whyRefused(request);
  if (refused) return { ok: false, error: `invalid request: ${refused}` };

  const timeoutMs = Math.min(request.timeoutMs, TIMEOUT_MAX_SECONDS * 1000);
  const controller = new AbortController();
  let timedOut = false;
  const giveUp = () => {
    timedOut = true;
    controller.abort();
  };
  // One deadline for the whole exchange: connecting, the headers and reading the body.
  const timer = setTimeout(giveUp, timeoutMs);
  if (signal?.aborted) giveUp();
  signal?.addEventListener('abort', giveUp, { once: true });
  try {
    const response = await fetcher(request.url, {
      method: request.method,
      headers: request.headers.map((h): [string, string] => [h.name, h.value]),
      body: request.method === 'GET' || request.body === null ? undefined : request.body,
      signal: controller.signal,
    });
    const { text, truncated } = await readCapped(response, RESPONSE_BODY_LIMIT);
    return { ok: true, value: { status: response.status, body: text, truncated } };
  } catch (error) {
    if (timedOut) return { ok: false, error: `timeout: no complete answer within ${timeoutMs} ms` };
    return { ok: false, error: `network: ${reasonOf(error)}` };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', giveUp);
  }
}

/**
 * `perform` as the plugin declares it under `effects`: an answer of any status is the effect's value; no answer is
 * thrown, and the runtime turns it into `{ ok: false, error }` (`performEffect`), the block then following `error`.
 */
export async function performHttpRequest(input: unknown, context: EffectContext): Promise<HttpResponseValue> {
  const result = await perform(input as HttpRequestInput, context.signal, context.fetch);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function whyRefused(request: HttpRequestInput): string | null {
  if (!request || typeof request !== 'object') return 'not an object';
  if (!(HTTP_METHODS as readonly string[]).includes(request.method)) return `method ${String(request.method)}`;
  if (typeof request.url !== 'string' || !isHttpUrl(request.url)) return 'the URL is not an http(s) URL';
  if (!Array.isArray(request.headers) || !request.headers.every((h) => typeof h?.name === 'string' && typeof h?.value === 'string')) return 'headers';
  if (request.body !== null && typeof request.body !== 'string') return 'body';
  if (!Number.isFinite(request.timeoutMs) || request.timeoutMs < 1) return 'timeout';
  return null;
}

/** The body's first `limit` bytes as text; a character cut in two at the limit is dropped, not garbled. */
async function readCapped(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), truncated: false };
    const room = limit - size;
    if (value.byteLength > room) {
      // `stream: true` keeps an unfinished character back; never flushing the decoder drops it.
      text += decoder.decode(value.subarray(0, room), { stream: true });
      await reader.cancel().catch(() => undefined);
      return { text, truncated: true };
    }
    size += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
}

/** fetch says "fetch failed"; the reason (ECONNREFUSED, a bad header …) is in its cause. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
