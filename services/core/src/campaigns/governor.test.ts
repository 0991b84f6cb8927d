import { describe, expect, it } from 'vitest';
import type { SendGovernorReason } from '@atendo/contracts';
import {
  governSend,
  newSendGovernor,
  recordSend,
  recordSignal,
  SEND_GOVERNOR_DEFAULTS,
  slowDownLevel,
  warmUpAllowance,
  type SendGovernorConfig,
  type SendGovernorState,
} from './governor.js';
import type { RandomSource } from './pacing.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const t0 = Date.parse('2026-03-10T12:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();
/** Draws 0: every gap is the shortest (2 s), so the figures below are exact. */
const shortest: RandomSource = () => 0;

/** A sender that sends as soon as the governor lets it: the times it sent at, and why it was held back. */
function drive(
  start: SendGovernorState,
  from: number,
  count: number,
  { newRecipient = false, random = shortest, config = SEND_GOVERNOR_DEFAULTS }: { newRecipient?: boolean; random?: RandomSource; config?: SendGovernorConfig } = {},
) {
  let state = start;
  let t = from;
  const sends: number[] = [];
  const holds: Array<{ at: number; until: number; reason: SendGovernorReason }> = [];
  while (sends.length < count) {
    const decision = governSend(state, { at: iso(t), newRecipient }, config);
    if (decision.send === 'now') {
      state = recordSend(state, { at: iso(t), newRecipient }, random, config);
      sends.push(t);
    } else {
      const until = Date.parse(decision.notBefore);
      expect(until).toBeGreaterThan(t);
      holds.push({ at: t, until, reason: decision.reason });
      t = until;
    }
  }
  return { state, sends, holds, t };
}

const maxInWindow = (sends: number[], window: number) => Math.max(...sends.map((s) => sends.filter((o) => o >= s && o < s + window).length));

describe('the send governor: a burst', () => {
  it('lets the first message go at once', () => {
    expect(governSend(newSendGovernor(), { at: iso(t0), newRecipient: true })).toEqual({ send: 'now' });
  });
  it('spaces messages by the random gap drawn after each', () => {
    const sent = recordSend(newSendGovernor(), { at: iso(t0), newRecipient: false }, () => 0.5);
    expect(sent.gapMs).toBe(4_500);
    expect(governSend(sent, { at: iso(t0 + SECOND), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + 4_500), reason: 'spacing' });
    expect(governSend(sent, { at: iso(t0 + 4_500), newRecipient: false })).toEqual({ send: 'now' });
  });
  it('sends 12 in the first minute, two seconds apart, then waits for the first to leave the minute', () => {
    const { sends, holds } = drive(newSendGovernor(), t0, 14);
    expect(sends.map((s) => (s - t0) / SECOND)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 60, 62]);
    // Right after the twelfth, the minute's budget outlasts the gap: that is the reason given.
    expect(holds).toContainEqual({ at: t0 + 22 * SECOND, until: t0 + MINUTE, reason: 'minuteBudget' });
    expect(holds.filter((h) => h.reason === 'spacing')).toHaveLength(12);
  });
  it('never sends more than the minute allows, whatever the draws', () => {
    let seed = 7;
    const random: RandomSource = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const { sends } = drive(newSendGovernor(), t0, 200, { random });
    expect(maxInWindow(sends, MINUTE)).toBeLessThanOrEqual(12);
    for (let i = 1; i < sends.length; i++) expect(sends[i]! - sends[i - 1]!).toBeGreaterThanOrEqual(2 * SECOND);
  });
});

describe('the send governor: the day', () => {
  it('stops at the daily budget until the first hour has left the rolling day', () => {
    const { state, sends, holds } = drive(newSendGovernor(), t0, 1000);
    expect(holds.some((h) => h.reason === 'dailyBudget')).toBe(false);
    const last = sends[sends.length - 1]!;
    const decision = governSend(state, { at: iso(last + 10 * SECOND), newRecipient: false });
    expect(decision).toEqual({ send: 'later', notBefore: iso(t0 + 25 * HOUR), reason: 'dailyBudget' });
    expect(governSend(state, { at: iso(t0 + 25 * HOUR), newRecipient: false })).toEqual({ send: 'now' });
  });
  it('caps first messages to new recipients, while messages to known people still go', () => {
    const { state, sends } = drive(newSendGovernor(), t0, 250, { newRecipient: true });
    const at = sends[sends.length - 1]! + MINUTE;
    expect(governSend(state, { at: iso(at), newRecipient: true })).toEqual({ send: 'later', notBefore: iso(t0 + 25 * HOUR), reason: 'newRecipientCap' });
    expect(governSend(state, { at: iso(at), newRecipient: false })).toEqual({ send: 'now' });
  });
});

describe('the send governor: a new number warms up', () => {
  it('grows the daily allowance with the number’s age, up to the budget', () => {
    expect(Array.from({ length: 10 }, (_, day) => warmUpAllowance(day))).toEqual([40, 60, 90, 135, 202, 303, 455, 683, 1000, 1000]);
  });
  it('sends 40 on its first day, and 20 more on its second while the first day’s still count', () => {
    const young = newSendGovernor({ numberSince: iso(t0) });
    const first = drive(young, t0, 41);
    expect(first.sends[40]).toBe(t0 + DAY);
    expect(first.holds).toContainEqual({ at: first.sends[39]!, until: t0 + DAY, reason: 'warmUp' });
    const second = drive(first.state, first.sends[40]!, 19);
    const held = governSend(second.state, { at: iso(second.t + 10 * SECOND), newRecipient: false });
    expect(held).toEqual({ send: 'later', notBefore: iso(t0 + 25 * HOUR), reason: 'warmUp' });
  });
  it('an established number (no start date) has the full budget at once', () => {
    const { holds } = drive(newSendGovernor({ numberSince: null }), t0, 100);
    expect(holds.some((h) => h.reason === 'warmUp')).toBe(false);
  });
  it('a young number’s new-recipient cap is its allowance', () => {
    const { state, sends } = drive(newSendGovernor({ numberSince: iso(t0 - 2 * DAY) }), t0, 90, { newRecipient: true });
    expect(governSend(state, { at: iso(sends[89]! + MINUTE), newRecipient: true })).toMatchObject({ send: 'later', reason: 'warmUp' });
  });
});

describe('the send governor: after a rate limit (429)', () => {
  const sent = recordSend(newSendGovernor(), { at: iso(t0), newRecipient: false }, shortest);
  const limited = recordSignal(sent, { at: iso(t0 + SECOND), signal: 'rateLimited' });

  it('pauses a minute, then sends at half speed', () => {
    expect(governSend(limited, { at: iso(t0 + 2 * SECOND), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + 61 * SECOND), reason: 'rateLimited' });
    const { sends, holds } = drive(limited, t0 + 61 * SECOND, 8);
    expect(sends.map((s) => (s - t0) / SECOND)).toEqual([61, 65, 69, 73, 77, 81, 121, 125]);
    expect(new Set(holds.map((h) => h.reason))).toEqual(new Set(['slowedDown']));
  });
  it('pauses longer and slows more on each repeat, up to the limits', () => {
    let state = limited;
    const pauses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const at = t0 + i * 2 * MINUTE;
      state = recordSignal(state, { at: iso(at), signal: 'rateLimited' });
      pauses.push((state.pause!.until - at) / MINUTE);
    }
    expect(pauses).toEqual([2, 4, 8, 8, 8, 8, 8]);
    expect(slowDownLevel(state, t0 + 14 * MINUTE)).toBe(4);
    expect(SEND_GOVERNOR_DEFAULTS.maxPauseMs).toBe(30 * MINUTE);
    const worst = { ...SEND_GOVERNOR_DEFAULTS, maxStrikes: 10 };
    let deep = limited;
    for (let i = 1; i <= 9; i++) deep = recordSignal(deep, { at: iso(t0 + i * SECOND), signal: 'rateLimited' }, worst);
    expect(deep.pause!.until - (t0 + 9 * SECOND)).toBe(30 * MINUTE);
  });
  it('recovers one step every ten quiet minutes', () => {
    const twice = recordSignal(limited, { at: iso(t0 + 2 * SECOND), signal: 'rateLimited' });
    const level = (after: number) => slowDownLevel(twice, t0 + 2 * SECOND + after);
    expect([level(0), level(10 * MINUTE - 1), level(10 * MINUTE), level(20 * MINUTE), level(60 * MINUTE)]).toEqual([2, 2, 1, 0, 0]);
    const recovered = recordSend(twice, { at: iso(t0 + HOUR), newRecipient: false }, shortest);
    expect(governSend(recovered, { at: iso(t0 + HOUR + SECOND), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + HOUR + 2 * SECOND), reason: 'spacing' });
  });
  it('a strike counts from what is left of the earlier ones', () => {
    const later = recordSignal(limited, { at: iso(t0 + SECOND + 25 * MINUTE), signal: 'rateLimited' });
    expect(later.strikes).toBe(1);
    expect(later.pause!.until).toBe(t0 + SECOND + 26 * MINUTE);
  });
});

describe('the send governor: a dropped connection', () => {
  it('holds every send while down, waits after it comes back, then sends slower for a while', () => {
    const sent = recordSend(newSendGovernor(), { at: iso(t0), newRecipient: false }, shortest);
    const down = recordSignal(sent, { at: iso(t0 + MINUTE), signal: 'disconnected' });
    expect(governSend(down, { at: iso(t0 + 2 * MINUTE), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + 2 * MINUTE + 30 * SECOND), reason: 'disconnected' });
    expect(recordSignal(down, { at: iso(t0 + 2 * MINUTE), signal: 'disconnected' })).toBe(down);
    const back = recordSignal(down, { at: iso(t0 + 5 * MINUTE), signal: 'connected' });
    expect(governSend(back, { at: iso(t0 + 5 * MINUTE + SECOND), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + 5 * MINUTE + 30 * SECOND), reason: 'disconnected' });
    const resumed = recordSend(back, { at: iso(t0 + 5 * MINUTE + 30 * SECOND), newRecipient: false }, shortest);
    expect(governSend(resumed, { at: iso(t0 + 5 * MINUTE + 32 * SECOND), newRecipient: false })).toEqual({
      send: 'later',
      notBefore: iso(t0 + 5 * MINUTE + 34 * SECOND),
      reason: 'slowedDown',
    });
    expect(recordSignal(back, { at: iso(t0 + 6 * MINUTE), signal: 'connected' })).toBe(back);
  });
  it('keeps a longer rate-limit pause over the reconnect wait', () => {
    const limited = recordSignal(newSendGovernor(), { at: iso(t0), signal: 'rateLimited' });
    const dropped = recordSignal(limited, { at: iso(t0 + SECOND), signal: 'disconnected' });
    const back = recordSignal(dropped, { at: iso(t0 + 2 * SECOND), signal: 'connected' });
    expect(governSend(back, { at: iso(t0 + 3 * SECOND), newRecipient: false })).toEqual({ send: 'later', notBefore: iso(t0 + MINUTE), reason: 'rateLimited' });
  });
});

describe('the send governor: its state', () => {
  it('is plain JSON, and stays small however long the connection sends', () => {
    const { state } = drive(newSendGovernor({ numberSince: iso(t0 - 30 * DAY) }), t0, 3000, { newRecipient: true, config: { ...SEND_GOVERNOR_DEFAULTS, perDay: 5000, newRecipientsPerDay: 5000, perMinute: 30 } });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state.recent.length).toBeLessThanOrEqual(30);
    expect(state.hours.length).toBeLessThanOrEqual(25);
  });
});
