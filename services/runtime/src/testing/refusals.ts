import { expect } from 'vitest';
import type { Harness } from './harness.js';
import { userEventCount } from './log.js';

/** A request a test makes: the method, the path and, for writes, the body. */
export type Call = readonly [method: string, path: string, body?: unknown];

/** Every call is refused with 403 ERR_NO_PERMISSION for `token`, and no user's event is written by any of them. */
export async function expectAllRefused(h: Harness, token: string, calls: readonly Call[]): Promise<void> {
  const before = await userEventCount(h);
  for (const [method, path, body] of calls) {
    expect(await h.api(path, { method, token, body }), `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  }
  expect(await userEventCount(h)).toBe(before);
}

/** A 400's broken rules, as `path:rule`, in the order the answer gives them. */
export async function brokenRules(answer: Promise<{ status: number; body: { details?: Array<{ path: string; rule: string }> } }>): Promise<string[]> {
  const res = await answer;
  expect(res.status).toBe(400);
  return res.body.details!.map((d) => `${d.path}:${d.rule}`);
}
