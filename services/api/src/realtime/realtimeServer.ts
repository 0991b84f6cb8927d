import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  canSee,
  channelName,
  CLOSE_TOO_SLOW,
  CLOSE_UNAUTHORISED,
  type ClientMessage,
  type FeedEntry,
  type ServerMessage,
  type Viewer,
} from '@atendo/contracts';
import type { FeedStore } from '@atendo/read';
import { TokenError, type AccessClaims } from '../auth/tokens.js';

export interface RealtimeOptions {
  server: Server;
  path?: string;
  /** The claims of a valid access token and when it expires (ms); throws a TokenError otherwise. */
  verifyToken(token: string | undefined): { claims: AccessClaims; expiresAt: number };
  /** The viewer's current queues (and anything else visibility depends on); null when the user is gone. */
  loadViewer(claims: AccessClaims): Promise<Viewer | null>;
  /** Why the company's users may not work now (a catalogue code: switched off, past its due date), or null. */
  companyRefusal(companyId: number): Promise<string | null>;
  /** The channels a company past its due date still hears (its payment's confirmation); none: its sockets close. */
  channelsWhenExpired?: readonly string[];
  /** How often the companies with sockets are checked against `companyRefusal` (default 3 s). */
  companyCheckIntervalMs?: number;
  feed: FeedStore;
  pingIntervalMs?: number;
  /** How often companies with sockets are checked for entries the bus did not bring. */
  gapCheckIntervalMs?: number;
  /** How long a new socket may take to send its `auth` message (default 5 s). */
  authTimeoutMs?: number;
  /** Bound of a socket's send buffer in bytes (default 4 MiB); a client that reads slower is dropped past it. */
  maxBufferedBytes?: number;
  log?: { warn(obj: unknown, msg?: string): void };
  /** A socket's user is present: on sign-in of the socket and at each `userStatus` message. */
  onPresence?(viewer: Viewer): Promise<void>;
}

interface Client {
  ws: WebSocket;
  viewer: Viewer;
  /** Highest sequence this client has been given (or skipped as not visible to it). */
  lastSent: number;
  /** While the backlog is being sent, live entries wait here. */
  resuming: FeedEntry[] | undefined;
  /** While the user's record is read again (after their own update), entries wait here. */
  reloading: FeedEntry[] | undefined;
  alive: boolean;
  /** Its company is past its due date: only these channels reach it. */
  only: ReadonlySet<string> | undefined;
  /** Closes the socket when its access token expires, unless an `auth` message extended it. */
  expiry: NodeJS.Timeout | undefined;
}

interface CompanyHub {
  clients: Set<Client>;
  /** Highest sequence dispatched in order. */
  lastSeq: number;
  /** Entries that arrived ahead of a missing one. */
  waiting: Map<number, FeedEntry>;
  filling: boolean;
}

export { CLOSE_TOO_SLOW, CLOSE_UNAUTHORISED };

const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
// setTimeout fires at once for longer delays.
const MAX_TIMER_MS = 2 ** 31 - 1;

const NOT_FOUND_BODY = JSON.stringify({ error: 'ERR_NOT_FOUND' });
const UNKNOWN_UPGRADE =
  `HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(NOT_FOUND_BODY)}\r\n\r\n${NOT_FOUND_BODY}`;

type AuthMessage = Extract<ClientMessage, { type: 'auth' }>;

function isUserStatus(raw: unknown): boolean {
  try {
    const message = JSON.parse(String(raw)) as { type?: unknown } | null;
    return message?.type === 'userStatus';
  } catch {
    return false;
  }
}

/** A well-formed `auth` message, or undefined for anything else (acks and room joins need no answer). */
function parseAuth(raw: RawData): AuthMessage | undefined {
  let message: { type?: unknown; token?: unknown; lastSeq?: unknown } | null;
  try {
    message = JSON.parse(String(raw)) as typeof message;
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || message.type !== 'auth' || typeof message.token !== 'string') return undefined;
  const { token, lastSeq } = message;
  if (lastSeq === undefined) return { type: 'auth', token };
  return typeof lastSeq === 'number' && Number.isSafeInteger(lastSeq) && lastSeq >= 0 ? { type: 'auth', token, lastSeq } : undefined;
}

/** The user an entry of the `user` channel is about: `id` when created or updated, `userId` when deleted. */
function userOf(entry: FeedEntry): unknown {
  return entry.payload.id ?? entry.payload.userId;
}

/**
 * The realtime socket. A client connects to `/socket` and sends `{type:'auth', token, lastSeq?}` first (a token
 * in the URL would land in access logs); with lastSeq it first receives every entry after it that it may see (or a
 * `reload` when they cannot be replayed), then live entries, in sequence order, each once. The socket closes when
 * the token expires unless another `auth` message extended it, when its user is deleted, and when its company is
 * switched off or passes its due date.
 */
export class RealtimeServer {
  private readonly wss: WebSocketServer;
  private readonly hubs = new Map<number, CompanyHub>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly path: string;
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: RealtimeOptions) {
    this.path = options.path ?? '/socket';
    this.maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.wss = new WebSocketServer({ noServer: true });
    options.server.on('upgrade', this.onUpgrade);
    this.timers.push(setInterval(() => this.ping(), options.pingIntervalMs ?? 18_000));
    this.timers.push(setInterval(() => void this.checkGaps(), options.gapCheckIntervalMs ?? 2_000));
    this.timers.push(setInterval(() => void this.checkCompanies(), options.companyCheckIntervalMs ?? 3_000));
  }

  /** Number of open sockets (all companies). */
  get connections(): number {
    let n = 0;
    for (const hub of this.hubs.values()) n += hub.clients.size;
    return n;
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== this.path) {
      // No one else takes upgrades: left unanswered, the socket would stay open (half-closed once its client gives up)
      // and hold the server's close() at shutdown.
      socket.on('error', () => undefined);
      socket.end(UNKNOWN_UPGRADE, () => socket.destroy());
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.onConnection(ws));
  };

  private onConnection(ws: WebSocket): void {
    ws.on('error', () => undefined);
    const timeout = setTimeout(() => this.refuse(ws, 'no auth message'), this.options.authTimeoutMs ?? 5_000);
    ws.once('close', () => clearTimeout(timeout));
    let authenticating = false;
    let client: Client | undefined;
    ws.on('message', (raw) => {
      const message = parseAuth(raw);
      if (!authenticating) {
        authenticating = true;
        clearTimeout(timeout);
        this.open(ws, message)
          .then((registered) => {
            client = registered;
            // Live entries wait in `resuming` meanwhile; an `auth` message during a long replay already counts.
            if (registered && message?.lastSeq !== undefined) return this.resume(registered, message.lastSeq);
          })
          .catch((error: unknown) => {
            this.options.log?.warn({ err: error }, 'opening a realtime socket failed');
            ws.close(1011, 'server error');
          });
        return;
      }
      // Acks and room joins are accepted; delivery does not depend on them.
      if (message && client) this.reauthenticate(client, message.token);
      else if (client && isUserStatus(raw)) this.present(client.viewer);
    });
  }

  private refuse(ws: WebSocket, reason: string, error = 'ERR_SESSION_EXPIRED'): void {
    this.send(ws, { type: 'error', error });
    ws.close(CLOSE_UNAUTHORISED, reason);
  }

  private verify(ws: WebSocket, token: string | undefined): { claims: AccessClaims; expiresAt: number } | undefined {
    try {
      return this.options.verifyToken(token);
    } catch (error) {
      this.refuse(ws, error instanceof TokenError && error.reason === 'expired' ? 'expired' : 'invalid');
      return undefined;
    }
  }

  /** Registers the socket with its company's hub; a resuming one gets its backlog from `resume` next. */
  private async open(ws: WebSocket, message: AuthMessage | undefined): Promise<Client | undefined> {
    const session = this.verify(ws, message?.token);
    if (!session || !message) return undefined;
    const { claims } = session;
    const refused = await this.options.companyRefusal(claims.companyId);
    const only = this.restriction(refused);
    if (refused && !only) {
      this.refuse(ws, 'company refused', refused);
      return undefined;
    }
    const viewer = await this.options.loadViewer(claims);
    if (!viewer) {
      this.refuse(ws, 'unknown user');
      return undefined;
    }
    const hub = await this.hub(claims.companyId);
    if (ws.readyState !== ws.OPEN) return undefined;
    const resumeFrom = message.lastSeq;
    const client: Client = {
      ws,
      viewer,
      lastSent: hub.lastSeq,
      resuming: resumeFrom === undefined ? undefined : [],
      reloading: undefined,
      only,
      alive: true,
      expiry: undefined,
    };
    this.expireAt(client, session.expiresAt);
    hub.clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      clearTimeout(client.expiry);
      hub.clients.delete(client);
      if (hub.clients.size === 0 && this.hubs.get(claims.companyId) === hub) this.hubs.delete(claims.companyId);
    });
    if (resumeFrom === undefined) this.send(ws, { type: 'ready', seq: client.lastSent });
    this.present(viewer);
    return client;
  }

  private present(viewer: Viewer): void {
    this.options.onPresence?.(viewer).catch((error: unknown) => this.options.log?.warn({ err: error }, 'recording presence failed'));
  }

  /** A fresh token of the same user extends the socket past the old token's expiry. */
  private reauthenticate(client: Client, token: string): void {
    const session = this.verify(client.ws, token);
    if (!session) return;
    if (session.claims.userId !== client.viewer.userId || session.claims.companyId !== client.viewer.companyId) {
      this.refuse(client.ws, 'another user');
      return;
    }
    this.expireAt(client, session.expiresAt);
  }

  private expireAt(client: Client, expiresAt: number): void {
    clearTimeout(client.expiry);
    const delay = Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS);
    client.expiry = setTimeout(() => this.refuse(client.ws, 'expired'), delay);
  }

  private async resume(client: Client, from: number): Promise<void> {
    const current = await this.options.feed.currentSeq(client.viewer.companyId);
    // A sequence this feed never reached (a restored or rebuilt feed, another installation): replaying from it
    // would skip every entry up to it, so the client starts over.
    if (from > current) {
      client.lastSent = current;
      this.send(client.ws, { type: 'reload', reason: 'ahead' });
    } else await this.replay(client, from);
    const buffered = client.resuming ?? [];
    client.resuming = undefined;
    for (const e of buffered) this.sendEntry(client, e);
    this.send(client.ws, { type: 'ready', seq: client.lastSent });
  }

  private async replay(client: Client, from: number): Promise<void> {
    for (let cursor = from; ; ) {
      const { entries, complete } = await this.options.feed.entriesAfter(client.viewer.companyId, cursor, 1000);
      if (!complete) {
        client.lastSent = await this.options.feed.currentSeq(client.viewer.companyId);
        this.send(client.ws, { type: 'reload', reason: 'retention' });
        return;
      }
      client.lastSent = cursor;
      for (const e of entries) {
        this.sendEntry(client, e);
        await this.drained(client.ws);
      }
      if (entries.length < 1000) return;
      cursor = entries[entries.length - 1]!.seq;
    }
  }

  /** A backlog goes out at the pace the client reads it, so replaying never trips the bound by itself. */
  private async drained(ws: WebSocket): Promise<void> {
    while (ws.readyState === ws.OPEN && ws.bufferedAmount > this.maxBufferedBytes / 2) await new Promise((r) => setTimeout(r, 10));
  }

  private async hub(companyId: number): Promise<CompanyHub> {
    const existing = this.hubs.get(companyId);
    if (existing) return existing;
    const lastSeq = await this.options.feed.currentSeq(companyId);
    // Another connection of the same company may have created it while we read.
    const raced = this.hubs.get(companyId);
    if (raced) return raced;
    const hub: CompanyHub = { clients: new Set(), lastSeq, waiting: new Map(), filling: false };
    this.hubs.set(companyId, hub);
    return hub;
  }

  /** Entries committed by projectors (through the bus). Any order, duplicates allowed. */
  deliver(entries: FeedEntry[]): void {
    for (const entry of entries) {
      const hub = this.hubs.get(entry.companyId);
      if (!hub || entry.seq <= hub.lastSeq) continue;
      hub.waiting.set(entry.seq, entry);
      this.drain(entry.companyId, hub);
      if (hub.waiting.size > 0) void this.fill(entry.companyId, hub);
    }
  }

  private drain(companyId: number, hub: CompanyHub): void {
    for (let next = hub.waiting.get(hub.lastSeq + 1); next; next = hub.waiting.get(hub.lastSeq + 1)) {
      hub.waiting.delete(next.seq);
      hub.lastSeq = next.seq;
      for (const client of hub.clients) {
        if (client.resuming) client.resuming.push(next);
        else this.sendEntry(client, next);
      }
    }
    if (this.hubs.get(companyId) !== hub) hub.waiting.clear();
  }

  /** Fetches entries missing between what was dispatched and what arrived (a slow or lost bus message). */
  private async fill(companyId: number, hub: CompanyHub): Promise<void> {
    if (hub.filling) return;
    hub.filling = true;
    try {
      await new Promise((r) => setTimeout(r, 20)); // usually the bus brings it in a moment
      while (hub.waiting.size > 0 || (await this.options.feed.currentSeq(companyId)) > hub.lastSeq) {
        const { entries, complete } = await this.options.feed.entriesAfter(companyId, hub.lastSeq, 1000);
        if (!complete) {
          // Retention dropped what this node missed: everyone connected must reload.
          hub.lastSeq = await this.options.feed.currentSeq(companyId);
          hub.waiting.clear();
          for (const c of hub.clients) {
            c.lastSent = hub.lastSeq;
            this.send(c.ws, { type: 'reload', reason: 'retention' });
          }
          break;
        }
        if (entries.length === 0) break;
        for (const e of entries) hub.waiting.set(e.seq, e);
        this.drain(companyId, hub);
      }
    } catch (error) {
      this.options.log?.warn({ err: error, companyId }, 'realtime gap fill failed');
    } finally {
      hub.filling = false;
    }
  }

  private async checkGaps(): Promise<void> {
    if (this.hubs.size === 0) return;
    try {
      const seqs = await this.options.feed.currentSeqs([...this.hubs.keys()]);
      for (const [companyId, seq] of seqs) {
        const hub = this.hubs.get(companyId);
        if (hub && seq > hub.lastSeq) void this.fill(companyId, hub);
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'realtime gap check failed');
    }
  }

  /** A company switched off or past its due date: its open sockets close, as its next API request is refused. */
  private async checkCompanies(): Promise<void> {
    for (const [companyId, hub] of this.hubs) {
      try {
        const refused = await this.options.companyRefusal(companyId);
        const only = this.restriction(refused);
        for (const client of hub.clients) {
          if (refused && !only) this.refuse(client.ws, 'company refused', refused);
          else client.only = only;
        }
      } catch (error) {
        this.options.log?.warn({ err: error, companyId }, 'realtime company check failed');
      }
    }
  }

  /** What a refused company's sockets still hear: past its due date, `channelsWhenExpired`; otherwise nothing (closed). */
  private restriction(refused: string | null): ReadonlySet<string> | undefined {
    if (refused !== 'ERR_SUBSCRIPTION_EXPIRED' || !this.options.channelsWhenExpired) return undefined;
    return new Set(this.options.channelsWhenExpired);
  }

  private sendEntry(client: Client, entry: FeedEntry): void {
    if (client.reloading) {
      client.reloading.push(entry);
      return;
    }
    if (entry.seq <= client.lastSent) return;
    client.lastSent = entry.seq;
    // The user's own record changed (queues, profile): what follows is judged by the record as it is now.
    if (entry.channel === 'user' && userOf(entry) === client.viewer.userId) {
      client.reloading = [];
      void this.refreshViewer(client).finally(() => {
        const held = client.reloading ?? [];
        client.reloading = undefined;
        for (const e of held) this.sendEntry(client, e);
      });
    }
    if (!canSee(client.viewer, entry.audience)) return;
    if (client.only && !client.only.has(entry.channel)) return;
    this.send(client.ws, {
      type: 'entry',
      seq: entry.seq,
      event: channelName(entry.companyId, entry.channel),
      payload: entry.payload,
    });
  }

  private async refreshViewer(client: Client): Promise<void> {
    try {
      const viewer = await this.options.loadViewer({ userId: client.viewer.userId, companyId: client.viewer.companyId, profile: client.viewer.profile, super: false });
      if (viewer) client.viewer = viewer;
      else {
        this.send(client.ws, { type: 'error', error: 'ERR_SESSION_EXPIRED' });
        client.ws.close(CLOSE_UNAUTHORISED, 'user removed');
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'reloading a socket user failed');
    }
  }

  private send(ws: WebSocket, message: ServerMessage): void {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify(message));
    // A client that reads slower than its company writes would hold ever more memory here. Closing stops further
    // sends at once; the client reconnects with its last sequence and is replayed the rest from the feed.
    if (ws.bufferedAmount > this.maxBufferedBytes) {
      this.options.log?.warn({ bufferedAmount: ws.bufferedAmount }, 'realtime socket too slow: closed');
      ws.close(CLOSE_TOO_SLOW, 'too slow');
    }
  }

  private ping(): void {
    for (const hub of this.hubs.values()) {
      for (const client of hub.clients) {
        // A closing socket (dropped as too slow) gets its close frame through or ends at ws's close timeout.
        if (client.ws.readyState !== client.ws.OPEN) continue;
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.options.server.off('upgrade', this.onUpgrade);
    // Every socket, those still waiting for their `auth` message too.
    for (const ws of this.wss.clients) ws.terminate();
    this.hubs.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
