import { DisconnectReason } from '@whiskeysockets/baileys';

/**
 * What to do when a Baileys socket closed, from WhatsApp's close code and the session's recent history. Pure: the
 * caller passes the clock and the random source, keeps the history, and carries the decision out (a new socket after
 * `delayMs`, or a stop with the status and reason the connections page shows).
 */

/** First backoff step; the ceiling doubles with each attempt in a row. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;
/** No reconnect sooner than this after a failure (full jitter could pick ~0 ms over and over). */
export const BACKOFF_MIN_MS = 250;
/** This many failures inside the window, without a stable connection between them, open the circuit. */
export const BREAKER_FAILURES = 8;
export const BREAKER_WINDOW_MS = 10 * 60_000;
/**
 * A socket that stayed open this long counts as having connected (`connectedBefore`): its close is not a failure of
 * connecting, and the caller starts counting attempts and failures afresh.
 */
export const STABLE_CONNECTION_MS = 60_000;
/** Tries after "replaced by another client" (440) before giving the number up to that other client. */
export const REPLACED_RETRIES = 2;
/** QR codes shown without anybody scanning before the session stops waiting. */
export const QR_LIMIT = 5;

export interface Disconnect {
  /** `lastDisconnect.error.output.statusCode`; undefined when the close carried no code. */
  statusCode?: number;
  /** Reconnects already made in a row without a stable connection (0 at the first close). */
  attempt: number;
  /** The socket that just closed had been open for STABLE_CONNECTION_MS or more. */
  connectedBefore: boolean;
  /** When the earlier failures happened (ms); the caller may keep them pruned with `failuresAfter`. */
  recentFailures: number[];
  now: number;
  /** QR codes shown since the last successful pairing; Baileys closes with 408 when its codes run out. */
  qrShown?: number;
}

export type StopStatus = 'DISCONNECTED' | 'TIMEOUT';
export type Stop = { action: 'stop'; status: StopStatus; reason: string; wipeAuth: boolean };
export type Decision = { action: 'reconnect'; delayMs: number } | Stop;

const stop = (status: StopStatus, reason: string, wipeAuth = false): Stop => ({ action: 'stop', status, reason, wipeAuth });

export const REASONS = {
  loggedOut: 'The phone logged this connection out; scan a new QR code to link it again',
  forbidden: 'WhatsApp refused this number (blocked or banned); it will not be retried',
  multideviceMismatch: 'WhatsApp asked for this device to be linked again; scan a new QR code',
  replaced: 'Another WhatsApp Web session took over this number; press Try again to take it back',
  badVersion: 'WhatsApp refused the pinned WhatsApp Web version; update it in the configuration',
  breaker: `WhatsApp refused the connection ${BREAKER_FAILURES} times in ${BREAKER_WINDOW_MS / 60_000} minutes; press Try again`,
  qrNotScanned: 'QR code not scanned in time; press Try again for a new one',
} as const;

export function decide(disconnect: Disconnect, random: () => number = Math.random): Decision {
  const { statusCode, connectedBefore, now } = disconnect;
  const attempt = connectedBefore ? 0 : disconnect.attempt;
  // Codes that no number of retries will fix: retrying only looks like abuse to WhatsApp.
  switch (statusCode) {
    case DisconnectReason.loggedOut:
      return stop('DISCONNECTED', REASONS.loggedOut, true);
    case DisconnectReason.forbidden:
      return stop('DISCONNECTED', REASONS.forbidden);
    case DisconnectReason.multideviceMismatch:
      return stop('DISCONNECTED', REASONS.multideviceMismatch, true);
    case 405:
      return stop('DISCONNECTED', REASONS.badVersion);
    case DisconnectReason.connectionReplaced:
      if (attempt >= REPLACED_RETRIES) return stop('DISCONNECTED', REASONS.replaced);
      break;
  }
  if (qrLimitReached(disconnect.qrShown ?? 0)) return stop('TIMEOUT', REASONS.qrNotScanned);
  const failures = failuresAfter(disconnect.recentFailures, now, connectedBefore).length;
  if (failures >= BREAKER_FAILURES) return stop('TIMEOUT', REASONS.breaker);
  // After pairing WhatsApp asks for a fresh socket at once; that is the normal path, not a failure to wait on.
  if (statusCode === DisconnectReason.restartRequired) return { action: 'reconnect', delayMs: 0 };
  return { action: 'reconnect', delayMs: backoffMs(attempt, random) };
}

/** Full jitter: uniformly between BACKOFF_MIN_MS and min(cap, base · 2^attempt). */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(BACKOFF_MIN_MS + random() * (ceiling - BACKOFF_MIN_MS));
}

/**
 * The failures the breaker counts after this close: the earlier ones still inside the window, plus this one unless
 * the socket had been connected. The caller stores the result as its next `recentFailures` (it never grows past
 * what the window holds).
 */
export function failuresAfter(recentFailures: readonly number[], now: number, connectedBefore: boolean): number[] {
  const kept = recentFailures.filter((t) => now - t < BREAKER_WINDOW_MS);
  return connectedBefore ? kept : [...kept, now];
}

/** A session that has shown this many QR codes without pairing stops instead of showing more. */
export function qrLimitReached(qrShown: number): boolean {
  return qrShown >= QR_LIMIT;
}

/** The stop a session makes when its QR codes ran out (called on each new QR, before showing it). */
export function qrLimit(qrShown: number): Stop | null {
  return qrLimitReached(qrShown) ? stop('TIMEOUT', REASONS.qrNotScanned) : null;
}
