import type { SendDecision, SendGovernorReason } from '@atendo/contracts';
import type { RandomSource } from './pacing.js';

/**
 * The send governor of one connection (issue 14): campaign, schedule and external-API sends all ask it before going
 * out. It lowers the risk of WhatsApp banning the number; it cannot promise anything about bans. Pure: the state and
 * the time come in, a decision or the next state goes out; the jobs role keeps the state per connection.
 *
 * For a send wanted at `at`, every rule that holds it back gives a time it lifts; the answer is the latest of them
 * with its reason, or "now" when none does.
 */
export interface SendGovernorConfig {
  /** Messages in any 60 seconds. */
  perMinute: number;
  /** Messages in a rolling day. */
  perDay: number;
  /** First messages to people the connection never wrote to, in a rolling day. */
  newRecipientsPerDay: number;
  /** After each message the next waits a random gap between these (ms), so sends do not tick like a machine. */
  minSpacingMs: number;
  maxSpacingMs: number;
  /** A new number may send `warmUpFirstDay` on its first day, times `warmUpDailyGrowth` each day after, up to perDay. */
  warmUpFirstDay: number;
  warmUpDailyGrowth: number;
  /** The pause after a rate limit (429), doubled for each strike still counted, up to `maxPauseMs`. */
  rateLimitPauseMs: number;
  maxPauseMs: number;
  /** Each strike (a 429 or a drop) doubles spacing and halves the minute's budget, up to this many strikes. */
  maxStrikes: number;
  /** A strike is forgotten after this long without a new one: speed comes back one step at a time. */
  recoveryStepMs: number;
  /** After the connection comes back, the first message waits this long. */
  reconnectCooldownMs: number;
  /** While the connection is down there is no time to give: the sender asks again after this long. */
  disconnectedRecheckMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Defaults, modest on purpose (numbers that send in bulk through unofficial gateways get banned, and those that do
 * are the ones that send fast, to strangers, from young numbers):
 * - 12 a minute and 1000 a day; 250 of those to new recipients.
 * - 2 to 7 s between two messages (at 12 a minute the average gap is 5 s).
 * - Warm-up: 40 on a number's first day, ×1.5 a day (60, 90, 135, 202, 303, 455, 683): the full 1000 on day 8.
 * - A 429: 1 minute's pause, 2, 4, then 8 for repeats (at most 30); each strike doubles spacing and halves the
 *   minute's budget, at most 4 strikes (×16), one forgotten every 10 minutes of quiet.
 * - A drop counts as a strike; 30 s of quiet after reconnecting; while down, ask again every 30 s.
 */
export const SEND_GOVERNOR_DEFAULTS: Readonly<SendGovernorConfig> = Object.freeze({
  perMinute: 12,
  perDay: 1000,
  newRecipientsPerDay: 250,
  minSpacingMs: 2_000,
  maxSpacingMs: 7_000,
  warmUpFirstDay: 40,
  warmUpDailyGrowth: 1.5,
  rateLimitPauseMs: MINUTE_MS,
  maxPauseMs: 30 * MINUTE_MS,
  maxStrikes: 4,
  recoveryStepMs: 10 * MINUTE_MS,
  reconnectCooldownMs: 30_000,
  disconnectedRecheckMs: 30_000,
});

/** What the governor remembers of a connection (JSON; times in epoch ms). */
export interface SendGovernorState {
  /** When the number began sending (its warm-up's day 0); null for an established number, which has no warm-up. */
  numberSince: number | null;
  connected: boolean;
  lastSentAt: number | null;
  /** The random gap drawn after the last message (ms, before slow-down). */
  gapMs: number;
  /** The last minute's sends. */
  recent: number[];
  /** The rolling day, an hour at a time: [hour's start, messages, of which to new recipients]. */
  hours: Array<[number, number, number]>;
  /** Strikes counted at `strikeAt` (they wear off from then on, see slowDownLevel). */
  strikes: number;
  strikeAt: number | null;
  /** A pause in force: after a 429, or just after reconnecting. */
  pause: { until: number; reason: 'rateLimited' | 'disconnected' } | null;
}

/** A connection's governor before its first message. */
export function newSendGovernor({ numberSince = null, connected = true }: { numberSince?: string | null; connected?: boolean } = {}): SendGovernorState {
  return { numberSince: numberSince === null ? null : Date.parse(numberSince), connected, lastSentAt: null, gapMs: 0, recent: [], hours: [], strikes: 0, strikeAt: null, pause: null };
}

/** How many strikes still count at `t`: one wears off per `recoveryStepMs` without a new one. */
export function slowDownLevel(state: SendGovernorState, t: number, config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS): number {
  if (state.strikeAt === null) return 0;
  // A clock behind the strike's (another node's) counts it in full, never as more strikes than there were.
  return Math.max(0, state.strikes - Math.floor(Math.max(0, t - state.strikeAt) / config.recoveryStepMs));
}

/** A number's messages for a day at `ageDays` days old (0 on its first day). */
export function warmUpAllowance(ageDays: number, config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS): number {
  return Math.min(config.perDay, Math.floor(config.warmUpFirstDay * config.warmUpDailyGrowth ** Math.max(0, ageDays)));
}

/** The rolling day's allowance at `t`, and what bounds it: the budget, or a young number's warm-up. */
export function dailyAllowance(state: SendGovernorState, t: number, config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS): { allowance: number; reason: 'dailyBudget' | 'warmUp' } {
  if (state.numberSince === null) return { allowance: config.perDay, reason: 'dailyBudget' };
  const allowance = warmUpAllowance(Math.floor((t - state.numberSince) / DAY_MS), config);
  return { allowance, reason: allowance < config.perDay ? 'warmUp' : 'dailyBudget' };
}

/** An hour's counts stay in the rolling day until the whole hour has left it (so a day is 24 to 25 hours: never less). */
const inDay = (hourStart: number, t: number) => hourStart + HOUR_MS > t - DAY_MS;
const leavesDay = (hourStart: number) => hourStart + HOUR_MS + DAY_MS;

/** When the day's count of `column` falls below `limit`, as the oldest hours leave it. */
function dayRoomAt(hours: SendGovernorState['hours'], column: 1 | 2, limit: number): number {
  let count = hours.reduce((sum, hour) => sum + hour[column], 0);
  for (const hour of hours) {
    count -= hour[column];
    if (count < limit) return leavesDay(hour[0]);
  }
  return leavesDay(hours[hours.length - 1]![0]);
}

/**
 * May a message go at `at`? `newRecipient`: it is the first the connection writes to this person.
 * Answers "now", or the time it may go and why not before.
 */
export function governSend(
  state: SendGovernorState,
  { at, newRecipient }: { at: string; newRecipient: boolean },
  config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS,
): SendDecision {
  const t = Date.parse(at);
  const later = (notBefore: number, reason: SendGovernorReason): SendDecision => ({ send: 'later', notBefore: new Date(notBefore).toISOString(), reason });
  if (!state.connected) return later(t + config.disconnectedRecheckMs, 'disconnected');

  const holds: Array<[number, SendGovernorReason]> = [];
  if (state.pause && state.pause.until > t) holds.push([state.pause.until, state.pause.reason]);

  const level = slowDownLevel(state, t, config);
  const factor = 2 ** level;
  if (state.lastSentAt !== null) {
    const next = state.lastSentAt + state.gapMs * factor;
    if (next > t) holds.push([next, level > 0 ? 'slowedDown' : 'spacing']);
  }

  const minuteBudget = Math.max(1, Math.floor(config.perMinute / factor));
  const minute = state.recent.filter((sentAt) => sentAt > t - MINUTE_MS);
  if (minute.length >= minuteBudget) holds.push([minute[minute.length - minuteBudget]! + MINUTE_MS, level > 0 ? 'slowedDown' : 'minuteBudget']);

  const day = state.hours.filter(([hourStart]) => inDay(hourStart, t));
  const { allowance, reason } = dailyAllowance(state, t, config);
  const sentToday = day.reduce((sum, [, sent]) => sum + sent, 0);
  if (sentToday >= allowance) {
    let until = dayRoomAt(day, 1, allowance);
    // A young number's allowance also grows on its next birthday, which may come first.
    if (reason === 'warmUp') {
      const nextAge = Math.floor((t - state.numberSince!) / DAY_MS) + 1;
      if (warmUpAllowance(nextAge, config) > sentToday) until = Math.min(until, state.numberSince! + nextAge * DAY_MS);
    }
    holds.push([until, reason]);
  }

  if (newRecipient) {
    const cap = Math.min(config.newRecipientsPerDay, allowance);
    const newToday = day.reduce((sum, [, , fresh]) => sum + fresh, 0);
    if (newToday >= cap) holds.push([dayRoomAt(day, 2, cap), cap < config.newRecipientsPerDay ? reason : 'newRecipientCap']);
  }

  if (holds.length === 0) return { send: 'now' };
  const [until, why] = holds.reduce((latest, hold) => (hold[0] > latest[0] ? hold : latest));
  return later(until, why);
}

/** The connection sent a message at `at`: it counts, and the next gap is drawn. */
export function recordSend(
  state: SendGovernorState,
  { at, newRecipient }: { at: string; newRecipient: boolean },
  random: RandomSource,
  config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS,
): SendGovernorState {
  const t = Date.parse(at);
  const hourStart = Math.floor(t / HOUR_MS) * HOUR_MS;
  const hours = state.hours.filter(([start]) => inDay(start, t));
  const last = hours[hours.length - 1];
  const fresh = newRecipient ? 1 : 0;
  const counted: SendGovernorState['hours'] =
    last && last[0] === hourStart ? [...hours.slice(0, -1), [hourStart, last[1] + 1, last[2] + fresh]] : [...hours, [hourStart, 1, fresh]];
  return {
    ...state,
    lastSentAt: t,
    gapMs: Math.round(config.minSpacingMs + random() * (config.maxSpacingMs - config.minSpacingMs)),
    recent: [...state.recent.filter((sentAt) => sentAt > t - MINUTE_MS), t],
    hours: counted,
  };
}

/** What the connection reports: WhatsApp said "too many" (429), the connection dropped, or it is back. */
export type SendGovernorSignal = 'rateLimited' | 'disconnected' | 'connected';

/** The governor after a signal at `at`: a 429 or a drop is a strike (slower sending), a 429 also a pause. */
export function recordSignal(
  state: SendGovernorState,
  { at, signal }: { at: string; signal: SendGovernorSignal },
  config: SendGovernorConfig = SEND_GOVERNOR_DEFAULTS,
): SendGovernorState {
  const t = Date.parse(at);
  const strike = () => ({ strikes: Math.min(config.maxStrikes, slowDownLevel(state, t, config) + 1), strikeAt: t });
  const pauseUntil = (until: number, reason: 'rateLimited' | 'disconnected') =>
    state.pause && state.pause.until >= until ? state.pause : { until, reason };
  switch (signal) {
    case 'rateLimited': {
      const struck = strike();
      const pauseMs = Math.min(config.maxPauseMs, config.rateLimitPauseMs * 2 ** (struck.strikes - 1));
      return { ...state, ...struck, pause: pauseUntil(t + pauseMs, 'rateLimited') };
    }
    case 'disconnected':
      return state.connected ? { ...state, ...strike(), connected: false } : state;
    case 'connected':
      return state.connected ? state : { ...state, connected: true, pause: pauseUntil(t + config.reconnectCooldownMs, 'disconnected') };
  }
}
