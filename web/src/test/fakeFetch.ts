import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Replaces `fetch` with a function that answers through `handler`, and records every call (method, path with
 * query, bearer token, JSON body or the FormData of an upload).
 */
export function fakeFetch(handler: (call: FakeCall) => Answer) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url: String(input),
      token: headers.get('Authorization')?.replace(/^Bearer /, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}
