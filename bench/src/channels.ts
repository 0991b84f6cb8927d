import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SessionStatus } from '@atendo/contracts';
import { createKnex } from '@atendo/platform';
import { LocalBlobStore, measureMediaThroughput, type MediaThroughput } from '@atendo/api';
import {
  BaileysProvider,
  inboundJournalMigration,
  PgAuthState,
  sessionLeaseMigration,
  whatsappAuthMigrations,
  type BaileysProviderOptions,
  type ChannelSink,
  type SocketFactory,
} from '@atendo/channels';
import { FakeWhatsapp } from '@atendo/channels/testing';
import { DEFAULT_WA_VERSION } from '@atendo/runtime';

/**
 * The WhatsApp fleet as one gateway process runs it: the real Baileys provider, its leases, journal and encrypted
 * credentials in PostgreSQL, over FakeWhatsapp's sockets. What is measured is the platform's share of a session; a
 * fake socket has no noise handshake, Signal sessions or media buffers, so Baileys' own socket comes on top.
 */

const MB = 1024 * 1024;

/** A full collection before each reading. `make bench` runs tsx without --expose-gc, so the flag is set from here. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const gc = collector();

/**
 * V8 drops the bytecode of functions that have not run for a while (startup code, say) at a collection of its choosing:
 * about 1 MB at once here, as much as 200 idle sessions take, so a reading before and one after would differ by chance.
 * Kept while the section measures.
 */
async function withBytecodeKept<T>(work: () => Promise<T>): Promise<T> {
  v8.setFlagsFromString('--no-flush-bytecode');
  try {
    return await work();
  } finally {
    v8.setFlagsFromString('--flush-bytecode');
  }
}

function heap(): { heapUsed: number; external: number } {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}

/** The same pseudo-random sequence on every run (jitter of backoffs and openings). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * FakeWhatsapp keeps every socket it ever made (tests look back at them); the bench keeps only the live ones, so the
 * fixture's history is not counted as the platform's memory.
 */
function liveSocketsOnly(whatsapp: FakeWhatsapp): SocketFactory {
  return (options) => {
    const socket = whatsapp.factory(options);
    for (let i = whatsapp.sockets.length - 1; i >= 0; i--) if (whatsapp.sockets[i]!.ended) whatsapp.sockets.splice(i, 1);
    return socket;
  };
}

/** A sink that only follows statuses (an idle fleet reports nothing else). */
function statusSink(onStatus: (connectionId: number, status: SessionStatus, reason: string | undefined) => void): ChannelSink {
  return {
    inbound: async () => undefined,
    park: async () => undefined,
    ack: async () => undefined,
    status: async (connectionId, status, _qrcode, reason) => onStatus(connectionId, status, reason),
    sentMessage: async () => undefined,
  };
}

async function prepare(databaseUrl: string) {
  const knex = createKnex(databaseUrl);
  for (const migration of [...whatsappAuthMigrations, sessionLeaseMigration, inboundJournalMigration]) await migration.up(knex);
  // One key for the whole run, as WHATSAPP_AUTH_KEY stays the same across a restart.
  const auth = new PgAuthState(knex, { key: randomBytes(32) });
  return { knex, auth };
}

const quiet = { info: () => undefined, warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj) };

/** Resolves once every id in `ids` has reported CONNECTED; fails with the laggards after `timeoutMs` of real time. */
function allConnected(ids: number[], timeoutMs: number) {
  const waiting = new Set(ids);
  let done!: () => void;
  let failed!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const timer = setTimeout(() => failed(new Error(`${waiting.size} sessions never reported CONNECTED (e.g. ${[...waiting].slice(0, 5).join(', ')})`)), timeoutMs);
  const connected = (id: number) => {
    waiting.delete(id);
    if (waiting.size === 0) {
      clearTimeout(timer);
      done();
    }
  };
  return { promise, connected };
}

export interface FleetMemory {
  sessions: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  heapPerSessionKb: number;
  /** Buffers outside the JavaScript heap (the credentials' keys), per session. */
  externalPerSessionKb: number;
}

export interface FleetRestart {
  label: string;
  openConcurrency: number;
  openSpacingMs: number;
  sessions: number;
  /** From the new provider's construction to the last session's CONNECTED. */
  seconds: number;
  sessionsPerSecond: number;
}

/**
 * 200 numbers paired by QR through one provider (credentials encrypted in PostgreSQL), then left idle: the heap with
 * and without them. Then the process "restarts": the provider closes and a new one under the same owner name starts
 * every session again, one `startSession` after another as the gateway does at start, first with the provider's
 * default staggering, then with none for comparison.
 */
export function channelFleet(databaseUrl: string, sessions = 200): Promise<{ memory: FleetMemory; restarts: FleetRestart[] }> {
  return withBytecodeKept(() => fleet(databaseUrl, sessions));
}

async function fleet(databaseUrl: string, sessions: number): Promise<{ memory: FleetMemory; restarts: FleetRestart[] }> {
  const { knex, auth } = await prepare(databaseUrl);
  const whatsapp = new FakeWhatsapp();
  const owner = 'bench-gateway';
  const base: BaileysProviderOptions = { knex, auth, version: DEFAULT_WA_VERSION, owner, socketFactory: liveSocketsOnly(whatsapp), log: quiet };
  const info = (id: number) => ({ connectionId: id, companyId: 1 + (id % 20), name: `Número ${id}` });

  /** Starts `ids` on `provider`, scanning each QR code shown; resolves when all are CONNECTED. */
  const pairAll = async (provider: BaileysProvider, ids: number[]) => {
    const all = allConnected(ids, 120_000);
    const sink = statusSink((id, status) => {
      if (status === 'qrcode') setImmediate(() => whatsapp.scan(id));
      if (status === 'CONNECTED') all.connected(id);
    });
    for (const id of ids) await provider.startSession(info(id), sink);
    await all.promise;
  };

  try {
    let provider = new BaileysProvider({ ...base, random: seeded(1) });
    // Warm-up: the first pairings compile the code paths and fill the pool; those sessions are stopped again.
    const warmUp = Array.from({ length: 10 }, (_, i) => 10_001 + i);
    await pairAll(provider, warmUp);
    for (const id of warmUp) await provider.stopSession(id);
    await new Promise((r) => setTimeout(r, 500));
    const before = heap();

    const ids = Array.from({ length: sessions }, (_, i) => i + 1);
    await pairAll(provider, ids);
    // The openings' spacing timers run out; what stays is the idle fleet.
    await new Promise((r) => setTimeout(r, 1_000));
    const after = heap();
    if (provider.sessionCount() !== sessions) throw new Error(`${provider.sessionCount()} sessions open instead of ${sessions}`);
    const memory: FleetMemory = {
      sessions,
      heapBeforeMb: before.heapUsed / MB,
      heapAfterMb: after.heapUsed / MB,
      heapPerSessionKb: (after.heapUsed - before.heapUsed) / sessions / 1024,
      externalPerSessionKb: (after.external - before.external) / sessions / 1024,
    };

    const restarts: FleetRestart[] = [];
    const runs = [
      { label: 'default: 8 at a time, 250 ms apart (± half, jittered)', openConcurrency: 8, openSpacingMs: 250 },
      { label: 'no staggering (comparison): all at once', openConcurrency: sessions, openSpacingMs: 0 },
    ];
    for (const run of runs) {
      await provider.close();
      const all = allConnected(ids, 120_000);
      const sink = statusSink((id, status, reason) => {
        if (status === 'CONNECTED') all.connected(id);
        if (status === 'qrcode' || status === 'DISCONNECTED' || status === 'TIMEOUT') console.warn(`session ${id} came back as ${status} ${reason ?? ''}`);
      });
      const started = performance.now();
      provider = new BaileysProvider({ ...base, random: seeded(2), openConcurrency: run.openConcurrency, openSpacingMs: run.openSpacingMs });
      for (const id of ids) await provider.startSession(info(id), sink);
      await all.promise;
      const seconds = (performance.now() - started) / 1000;
      restarts.push({ ...run, sessions, seconds, sessionsPerSecond: sessions / seconds });
    }
    await provider.close();
    return { memory, restarts };
  } finally {
    await knex.destroy();
  }
}

export interface SoakResult {
  sessions: number;
  simulatedMinutes: number;
  /** Sockets opened (each refused at once with 428). */
  connects: number;
  /** Stops by the circuit breaker, each followed by an operator's "try again" 5 simulated minutes later. */
  breakerStops: number;
  tryAgains: number;
  /** Other stops (there should be none: a 428 is retried until the breaker opens). */
  otherStops: string[];
  /** Heap used after a full collection every 5 simulated minutes from minute 0, with the connects made by then. */
  samples: Array<{ minute: number; heapMb: number; connects: number }>;
  realSeconds: number;
}

interface VirtualTimer {
  at: number;
  order: number;
  run: () => void;
  cancelled: boolean;
}

/**
 * An hour of numbers WhatsApp refuses on every connect (428), on a virtual clock: the provider's reconnect pauses go
 * through `schedule` and its clock is `now`, so an hour passes in seconds. After each breaker stop an operator presses
 * "try again" 5 simulated minutes later. The clock moves to the next timer only once every session has finished its
 * step (closed and scheduled its next try, or stopped), so nothing is skipped. Opening's spacing between sockets runs
 * on the real clock, not through `schedule`; it is 0 here (the staggering is measured by the restart above).
 */
export function channelSoak(databaseUrl: string, options: { sessions?: number; minutes?: number } = {}): Promise<SoakResult> {
  return withBytecodeKept(() => soak(databaseUrl, options));
}

async function soak(databaseUrl: string, options: { sessions?: number; minutes?: number }): Promise<SoakResult> {
  const sessions = options.sessions ?? 50;
  const minutes = options.minutes ?? 60;
  const { knex, auth } = await prepare(databaseUrl);
  const whatsapp = new FakeWhatsapp();
  const realStart = performance.now();
  const startAt = Date.UTC(2026, 10, 25, 9);
  const endAt = startAt + minutes * 60_000;
  let clock = startAt;
  let order = 0;
  const timers: VirtualTimer[] = [];
  const at = (when: number, run: () => void): VirtualTimer => {
    const timer = { at: when, order: order++, run, cancelled: false };
    timers.push(timer);
    return timer;
  };
  // Sessions whose step is still under way (opening, or closing before their next pause or their stop).
  let busy = 0;
  let breakerStops = 0;
  let tryAgains = 0;
  const otherStops: string[] = [];
  const samples: SoakResult['samples'] = [];

  const provider = new BaileysProvider({
    knex,
    auth,
    version: DEFAULT_WA_VERSION,
    owner: 'bench-soak',
    socketFactory: liveSocketsOnly(whatsapp),
    openSpacingMs: 0,
    random: seeded(3),
    now: () => clock,
    schedule: (run, delayMs) => {
      busy--;
      const timer = at(clock + delayMs, () => {
        busy++;
        run();
      });
      return { cancel: () => void (timer.cancelled = true) };
    },
    // Each breaker stop is logged as a warning; the sink counts them, and any other stop.
    log: { info: () => undefined, warn: () => undefined },
  });
  const info = (id: number) => ({ connectionId: id, companyId: 1, name: `Recusado ${id}` });
  const tryAgain = (id: number) => {
    busy++;
    tryAgains++;
    void provider.startSession(info(id), sink);
  };
  const sink = statusSink((id, status, reason) => {
    if (status !== 'TIMEOUT' && status !== 'DISCONNECTED') return;
    busy--;
    if (status === 'TIMEOUT' && reason?.includes('refused the connection')) breakerStops++;
    else otherStops.push(`${status}: ${reason ?? ''}`);
    at(clock + 5 * 60_000, () => tryAgain(id));
  });

  /** Waits (real time) until no session is between two steps. */
  const settled = async () => {
    const deadline = performance.now() + 60_000;
    while (busy > 0) {
      if (performance.now() > deadline) throw new Error(`soak: ${busy} sessions still busy after a minute at simulated ${(clock - startAt) / 60_000} min`);
      await new Promise((r) => setTimeout(r, 1));
    }
  };

  try {
    for (let minute = 0; minute <= minutes; minute += 5) at(startAt + minute * 60_000, () => samples.push({ minute, heapMb: heap().heapUsed / MB, connects: whatsapp.connects }));
    for (let id = 1; id <= sessions; id++) {
      whatsapp.refuse.set(id, 428);
      busy++;
      await provider.startSession(info(id), sink);
    }
    for (;;) {
      await settled();
      const live = timers.filter((t) => !t.cancelled);
      if (live.length === 0) break;
      const next = live.reduce((a, b) => (a.at < b.at || (a.at === b.at && a.order < b.order) ? a : b));
      if (next.at > endAt) break;
      timers.splice(timers.indexOf(next), 1);
      clock = Math.max(clock, next.at);
      next.run();
    }
    return {
      sessions,
      simulatedMinutes: minutes,
      connects: whatsapp.connects,
      breakerStops,
      tryAgains,
      otherStops,
      samples,
      realSeconds: (performance.now() - realStart) / 1000,
    };
  } finally {
    await provider.close();
    await knex.destroy();
  }
}

/** Customers' photos stored as the gateway stores them: `files` of `bytesEach` into a local blob folder, 8 at a time. */
export async function channelMedia(options: { files?: number; bytesEach?: number; concurrency?: number } = {}): Promise<MediaThroughput> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-bench-media-'));
  try {
    return await measureMediaThroughput(new LocalBlobStore(dir), { files: options.files ?? 200, bytesEach: options.bytesEach ?? 200 * 1024, concurrency: options.concurrency ?? 8 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
