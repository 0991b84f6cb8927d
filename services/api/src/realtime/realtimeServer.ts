import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { canSee, channelName, type FeedEntry, type ServerMessage, type Viewer } from '@atendo/contracts';
import type { FeedStore } from '@atendo/read';
import { TokenError, type AccessClaims } from '../auth/tokens.js';

export interface RealtimeOptions {
  server: Server;
  path?: string;
  verifyToken(token: string | undefined): AccessClaims;
  /** The viewer's current queues (and anything else visibility depends on); null when the user is gone. */
  loadViewer(claims: AccessClaims): Promise<Viewer | null>;
  feed: FeedStore;
  pingIntervalMs?: number;
  /** How often companies with sockets are checked for entries the bus did not bring. */
  gapCheckIntervalMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
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
}

interface CompanyHub {
  clients: Set<Client>;
  /** Highest sequence dispatched in order. */
  lastSeq: number;
  /** Entries that arrived ahead of a missing one. */
  waiting: Map<number, FeedEntry>;
  filling: boolean;
}

export const CLOSE_UNAUTHORISED = 4401;

/**
 * The realtime socket. A client connects to `/socket?token=…[&lastSeq=N]`; with lastSeq it first receives every
 * entry after N it may see (or a `reload` when retention no longer has them), then live entries, in sequence
 * order, each once.
 */
export class RealtimeServer {
  private readonly wss: WebSocketServer;
  private readonly hubs = new Map<number, CompanyHub>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly path: string;

  constructor(private readonly options: RealtimeOptions) {
    this.path = options.path ?? '/socket';
    this.wss = new WebSocketServer({ noServer: true });
    options.server.on('upgrade', this.onUpgrade);
    this.timers.push(setInterval(() => this.ping(), options.pingIntervalMs ?? 18_000));
    this.timers.push(setInterval(() => void this.checkGaps(), options.gapCheckIntervalMs ?? 2_000));
  }

  /** Number of open sockets (all companies). */
  get connections(): number {
    let n = 0;
    for (const hub of this.hubs.values()) n += hub.clients.size;
    return n;
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== this.path) return;
    this.wss.handleUpgrade(request, socket, head, (ws) => void this.onConnection(ws, url));
  };

  private async onConnection(ws: WebSocket, url: URL): Promise<void> {
    let claims: AccessClaims;
    try {
      claims = this.options.verifyToken(url.searchParams.get('token') ?? undefined);
    } catch (error) {
      const reason = error instanceof TokenError && error.reason === 'expired' ? 'expired' : 'invalid';
      this.send(ws, { type: 'error', error: 'ERR_SESSION_EXPIRED' });
      ws.close(CLOSE_UNAUTHORISED, reason);
      return;
    }
    ws.on('error', () => undefined);
    const viewer = await this.options.loadViewer(claims);
    if (!viewer) {
      this.send(ws, { type: 'error', error: 'ERR_SESSION_EXPIRED' });
      ws.close(CLOSE_UNAUTHORISED, 'unknown user');
      return;
    }
    const hub = await this.hub(claims.companyId);
    if (ws.readyState !== ws.OPEN) return;
    const lastSeqParam = url.searchParams.get('lastSeq');
    const resumeFrom = lastSeqParam !== null && /^\d+$/.test(lastSeqParam) ? Number(lastSeqParam) : undefined;
    const client: Client = { ws, viewer, lastSent: hub.lastSeq, resuming: resumeFrom === undefined ? undefined : [], reloading: undefined, alive: true };
    hub.clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      hub.clients.delete(client);
      if (hub.clients.size === 0) this.hubs.delete(claims.companyId);
    });
    ws.on('message', () => undefined); // acks and room joins are accepted; delivery does not depend on them
    if (resumeFrom === undefined) {
      this.send(ws, { type: 'ready', seq: client.lastSent });
      return;
    }
    await this.resume(client, resumeFrom);
  }

  private async resume(client: Client, from: number): Promise<void> {
    let cursor = from;
    for (;;) {
      const { entries, complete } = await this.options.feed.entriesAfter(client.viewer.companyId, cursor, 1000);
      if (!complete) {
        client.lastSent = await this.options.feed.currentSeq(client.viewer.companyId);
        this.send(client.ws, { type: 'reload', reason: 'retention' });
        break;
      }
      client.lastSent = cursor;
      for (const e of entries) this.sendEntry(client, e);
      if (entries.length < 1000) break;
      cursor = entries[entries.length - 1]!.seq;
    }
    const buffered = client.resuming ?? [];
    client.resuming = undefined;
    for (const e of buffered) this.sendEntry(client, e);
    this.send(client.ws, { type: 'ready', seq: client.lastSent });
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

  private sendEntry(client: Client, entry: FeedEntry): void {
    if (client.reloading) {
      client.reloading.push(entry);
      return;
    }
    if (entry.seq <= client.lastSent) return;
    client.lastSent = entry.seq;
    // The user's own record changed (queues, profile): what follows is judged by the record as it is now.
    if (entry.channel === 'user' && entry.payload.id === client.viewer.userId) {
      client.reloading = [];
      void this.refreshViewer(client).finally(() => {
        const held = client.reloading ?? [];
        client.reloading = undefined;
        for (const e of held) this.sendEntry(client, e);
      });
    }
    if (!canSee(client.viewer, entry.audience)) return;
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
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  private ping(): void {
    for (const hub of this.hubs.values()) {
      for (const client of hub.clients) {
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
    for (const hub of this.hubs.values()) for (const c of hub.clients) c.ws.terminate();
    this.hubs.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
