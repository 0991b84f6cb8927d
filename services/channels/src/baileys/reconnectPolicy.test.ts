import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  BACKOFF_MIN_MS,
  BREAKER_FAILURES,
  BREAKER_WINDOW_MS,
  QR_LIMIT,
  REASONS,
  REPLACED_RETRIES,
  decide,
  failuresAfter,
  qrLimit,
  type Decision,
  type Disconnect,
} from './reconnectPolicy.js';

const MINUTE = 60_000;
const start = Date.parse('2026-11-25T12:00:00.000Z');
const fixed = (value: number) => () => value;
const close = (fields: Partial<Disconnect>): Disconnect => ({ attempt: 0, connectedBefore: false, recentFailures: [], now: start, ...fields });
const delayOf = (d: Decision) => {
  if (d.action !== 'reconnect') throw new Error(`expected a reconnect, got ${JSON.stringify(d)}`);
  return d.delayMs;
};

/**
 * A session against a server that refuses every connect, on a fake clock: each close is decided, the session waits
 * the delay it was given (plus the time a connect takes), and keeps its failure history as a real caller would.
 */
function refusedEveryTime(statusCode: number | undefined, random: () => number, connectMs = 2_000) {
  let now = start;
  let recentFailures: number[] = [];
  const decisions: Array<{ at: number; decision: Decision }> = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const decision = decide({ statusCode, attempt, connectedBefore: false, recentFailures, now }, random);
    decisions.push({ at: now, decision });
    recentFailures = failuresAfter(recentFailures, now, false);
    if (decision.action === 'stop') break;
    now += decision.delayMs + connectMs;
  }
  return decisions;
}

describe('backoff', () => {
  it('grows with each attempt in a row and is capped at 60 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 10, 30].map((attempt) => delayOf(decide(close({ statusCode: 428, attempt }), fixed(0.999999))));
    expect(delays.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
    expect(delays.slice(7)).toEqual([60_000, 60_000, 60_000]);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
  });

  it('has full jitter within [min, ceiling] for every code that is retried', () => {
    for (const statusCode of [408, 428, 500, 503, undefined, 499]) {
      for (const attempt of [0, 3, 8]) {
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
        expect(delayOf(decide(close({ statusCode, attempt }), fixed(0)))).toBe(BACKOFF_MIN_MS);
        expect(delayOf(decide(close({ statusCode, attempt }), fixed(0.5)))).toBe(Math.round(BACKOFF_MIN_MS + 0.5 * (ceiling - BACKOFF_MIN_MS)));
        expect(delayOf(decide(close({ statusCode, attempt }), fixed(0.999999)))).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('spreads sessions that dropped together instead of reconnecting them in step', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const delays = Array.from({ length: 200 }, () => delayOf(decide(close({ statusCode: 428, attempt: 4 }), random)));
    expect(new Set(delays).size).toBeGreaterThan(150);
    expect(Math.min(...delays)).toBeLessThan(4_000);
    expect(Math.max(...delays)).toBeGreaterThan(12_000);
  });

  it('starts over after a stable connection, whatever the attempt count says', () => {
    expect(delayOf(decide(close({ statusCode: 428, attempt: 9, connectedBefore: true }), fixed(0.999999)))).toBe(BACKOFF_BASE_MS);
  });
});

describe('codes that must not loop', () => {
  it('logged out on the phone (401): stops and wipes the credentials', () => {
    expect(decide(close({ statusCode: 401 }))).toEqual({ action: 'stop', status: 'DISCONNECTED', reason: REASONS.loggedOut, wipeAuth: true });
  });

  it('forbidden / banned (403): stops at once, keeps the credentials', () => {
    expect(decide(close({ statusCode: 403 }))).toEqual({ action: 'stop', status: 'DISCONNECTED', reason: REASONS.forbidden, wipeAuth: false });
  });

  it('multi-device mismatch (411): stops and wipes, so the next start shows a QR code', () => {
    expect(decide(close({ statusCode: 411 }))).toMatchObject({ action: 'stop', status: 'DISCONNECTED', wipeAuth: true });
  });

  it('replaced by another client (440): a couple of tries, then stops', () => {
    const tries = refusedEveryTime(440, fixed(0.5)).map((d) => d.decision);
    expect(tries).toHaveLength(REPLACED_RETRIES + 1);
    expect(tries.slice(0, REPLACED_RETRIES).every((d) => d.action === 'reconnect')).toBe(true);
    expect(tries.at(-1)).toEqual({ action: 'stop', status: 'DISCONNECTED', reason: REASONS.replaced, wipeAuth: false });
  });

  it('a refused client version (405): stops with a reason that says what to change', () => {
    expect(decide(close({ statusCode: 405 }))).toEqual({ action: 'stop', status: 'DISCONNECTED', reason: REASONS.badVersion, wipeAuth: false });
  });
});

describe('restart required (515)', () => {
  it('reconnects at once, as WhatsApp asks after pairing', () => {
    expect(decide(close({ statusCode: 515 }), fixed(0.9))).toEqual({ action: 'reconnect', delayMs: 0 });
  });
});

describe('circuit breaker', () => {
  it(`opens after ${BREAKER_FAILURES} failed connects within ${BREAKER_WINDOW_MS / MINUTE} minutes: TIMEOUT with a reason to act on`, () => {
    const decisions = refusedEveryTime(428, fixed(0.5));
    expect(decisions).toHaveLength(BREAKER_FAILURES);
    expect(decisions.slice(0, -1).every((d) => d.decision.action === 'reconnect')).toBe(true);
    const last = decisions.at(-1)!;
    expect(last.decision).toEqual({ action: 'stop', status: 'TIMEOUT', reason: 'WhatsApp refused the connection 8 times in 10 minutes; press Try again', wipeAuth: false });
    expect(last.at - start).toBeLessThan(BREAKER_WINDOW_MS);
  });

  it('does not open for failures spread wider than the window', () => {
    const spread = Array.from({ length: BREAKER_FAILURES - 1 }, (_, i) => start + i * 2 * MINUTE);
    const now = start + (BREAKER_FAILURES - 1) * 2 * MINUTE;
    expect(decide(close({ statusCode: 428, attempt: 7, recentFailures: spread, now }), fixed(0.5)).action).toBe('reconnect');
  });

  it('does not count a close after a stable connection as a failure', () => {
    const recent = Array.from({ length: BREAKER_FAILURES - 1 }, (_, i) => start - i * 1_000);
    expect(decide(close({ statusCode: 428, connectedBefore: true, recentFailures: recent }), fixed(0.5)).action).toBe('reconnect');
    expect(decide(close({ statusCode: 428, connectedBefore: false, recentFailures: recent }), fixed(0.5))).toMatchObject({ action: 'stop', status: 'TIMEOUT' });
  });

  it('keeps only the failures inside the window (bounded history)', () => {
    const old = [start - BREAKER_WINDOW_MS - 1, start - BREAKER_WINDOW_MS, start - 5_000];
    expect(failuresAfter(old, start, false)).toEqual([start - 5_000, start]);
    expect(failuresAfter(old, start, true)).toEqual([start - 5_000]);
  });
});

describe('QR loop', () => {
  it(`stops after ${QR_LIMIT} QR codes nobody scanned`, () => {
    for (let shown = 0; shown < QR_LIMIT; shown++) expect(qrLimit(shown)).toBeNull();
    expect(qrLimit(QR_LIMIT)).toEqual({ action: 'stop', status: 'TIMEOUT', reason: REASONS.qrNotScanned, wipeAuth: false });
  });

  it('does not reconnect for more QR codes when Baileys closes because its codes ran out (408)', () => {
    expect(decide(close({ statusCode: 408, qrShown: QR_LIMIT }))).toEqual({ action: 'stop', status: 'TIMEOUT', reason: 'QR code not scanned in time; press Try again for a new one', wipeAuth: false });
    expect(decide(close({ statusCode: 408, qrShown: QR_LIMIT - 1 }), fixed(0.5)).action).toBe('reconnect');
  });
});
