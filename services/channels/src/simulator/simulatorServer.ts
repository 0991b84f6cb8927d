import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Ack, SessionStatus } from '@atendo/contracts';
import {
  CLOSE_BAD_REQUEST,
  CLOSE_LOGGED_OUT,
  CLOSE_REPLACED,
  PLATFORM_PATH,
  type PlatformFrame,
  type ServerFrame,
  type WireMedia,
  type WireInbound,
} from './protocol.js';

/**
 * A simulated WhatsApp server. It plays WhatsApp's part for any number of connections: pairing by QR code, customers
 * that send texts and read what agents answer, delivery receipts, and, like the real servers, it keeps every inbound
 * message until the platform acknowledges it, delivering it again otherwise. It runs in its own process so that a
 * crash of the platform loses nothing.
 */

export interface SimulatorOptions {
  /** Where the state is kept between runs (JSON, written shortly after each change). Memory only when absent. */
  dataFile?: string;
  /** Delays after which a sent message becomes delivered (ack 2) and read (ack 3). */
  ackDelaysMs?: [number, number];
  /** A sent message reaches the customer at once, its confirmation to the platform only this much later (a slow network). */
  confirmDelayMs?: number;
  /** An unacknowledged inbound message (or receipt) is delivered again after this long, doubling per attempt. */
  redeliverAfterMs?: number;
  /** Upper bound of that doubling. */
  redeliverMaxMs?: number;
  /** Path prefix of the HTTP API. */
  basePath?: string;
  /** How long after a change the state file is written. */
  persistDelayMs?: number;
  /** Older entries of a customer's conversation are dropped beyond this many (pending messages are kept anyway). */
  maxLogPerCustomer?: number;
  pingIntervalMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export interface SimulatorServerOptions extends SimulatorOptions {
  port: number;
  host?: string;
}

export interface SimulatorServer {
  /** http://host:port */
  url: string;
  port: number;
  server: Server;
  simulator: Simulator;
  /** Answers a request under the base path; resolves false (untouched) for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

/** `phone`: typed on the connected phone itself, outside the platform. */
type Sender = 'customer' | 'platform' | 'phone';

interface LogEntry {
  id: string;
  sender: Sender;
  body: string;
  timestamp: number;
  ack: Ack;
  quotedId?: string;
  media?: WireMedia;
  /** Deleted for everyone by the platform. */
  deleted?: boolean;
}

interface Customer {
  number: string;
  pushName?: string;
  log: LogEntry[];
}

interface Pending {
  message: WireInbound;
  entry: LogEntry;
  /** When it was last handed to the platform; 0 when never on this socket. */
  sentAt: number;
  attempts: number;
}

interface Receipt {
  ack: Ack;
  sentAt: number;
  attempts: number;
}

/** Fault injection for tests: counts of the next sends that go wrong. */
export interface Faults {
  /** The message reaches the customer, but its confirmation to the platform is lost. */
  loseConfirmations: number;
  /** The platform's socket drops before the message arrives: it never reaches the customer. */
  dropConnectionOnSend: number;
  /** WhatsApp answers "too many messages" (429, rate-overlimit): the message is refused and goes nowhere. */
  rateLimitSends: number;
}

/** A message the platform sent with an idempotency key: a second send with that key is confirmed, not delivered. */
interface Sent {
  timestamp: number;
  ack: Ack;
}

interface Session {
  connectionId: number;
  status: SessionStatus;
  qrcode: string;
  paired: boolean;
  customers: Map<string, Customer>;
  /** Inbound messages the platform has not acknowledged, in arrival order. */
  pending: Map<string, Pending>;
  /** Delivery states of sent messages the platform has not confirmed, latest per message. */
  receipts: Map<string, Receipt>;
  /** Messages sent with an idempotency key, by key (= message id), oldest first; bounded by MAX_SENT_MEMORY. */
  sent: Map<string, Sent>;
  /** Fault injection for tests (POST …/faults). */
  faults: Faults;
  platform: WebSocket | undefined;
  outbox: WireInbound[];
  flushScheduled: boolean;
}

interface StateFile {
  version: 1;
  sessions: Array<{
    connectionId: number;
    paired: boolean;
    customers: Customer[];
    pending: WireInbound[];
    receipts: Array<[string, Ack]>;
    /** Absent in files written before sends were deduplicated. */
    sent?: Array<[string, number, Ack]>;
  }>;
}

const NUMBER = /^\d{8,15}$/;
const MAX_TEXT = 4096;
const MAX_OUTBOUND_TEXT = 65_536;
const MAX_BATCH = 10_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const FRAME_CHUNK = 500;
const MAX_KEY = 128;
/** Keys remembered per session: far more than a platform can have in flight around one crash. */
const MAX_SENT_MEMORY = 20_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}

function validation(message: string): HttpError {
  return new HttpError(400, 'ERR_VALIDATION', message);
}

/** WhatsApp-web-like ids: random, so they stay unique across restarts of the simulator. */
function newMessageId(): string {
  return `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
}

export class Simulator {
  private readonly sessions = new Map<number, Session>();
  private readonly wss: WebSocketServer;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly ticker: NodeJS.Timeout;
  private readonly pinger: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();
  private readonly basePath: string;
  private readonly ackDelays: [number, number];
  private readonly redeliverAfterMs: number;
  private readonly redeliverMaxMs: number;
  private readonly maxLog: number;
  private readonly log: { warn(obj: unknown, msg?: string): void };
  private persistTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  /** How long the last write took, to keep writing a large state from eating the CPU. */
  private lastWriteMs = 0;
  private closed = false;

  constructor(private readonly options: SimulatorOptions = {}) {
    this.basePath = (options.basePath ?? '/simulator').replace(/\/+$/, '');
    this.ackDelays = options.ackDelaysMs ?? [50, 300];
    this.redeliverAfterMs = options.redeliverAfterMs ?? 2_000;
    this.redeliverMaxMs = options.redeliverMaxMs ?? 30_000;
    this.maxLog = options.maxLogPerCustomer ?? 500;
    this.log = options.log ?? { warn: (obj, msg) => console.warn(msg ?? '', obj) };
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
    if (options.dataFile) this.load(options.dataFile);
    const tickMs = Math.max(10, Math.min(1_000, Math.floor(this.redeliverAfterMs / 2)));
    this.ticker = setInterval(() => this.redeliver(), tickMs);
    this.pinger = setInterval(() => this.ping(), options.pingIntervalMs ?? 20_000);
  }

  // ---- platform side -------------------------------------------------------------------------------------------

  /** Takes a WebSocket upgrade for the platform path; returns false (socket untouched) for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== PLATFORM_PATH) return false;
    const connectionId = Number(url.searchParams.get('connectionId'));
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (this.closed) return ws.close(1001, 'shutting down');
      if (!Number.isSafeInteger(connectionId) || connectionId <= 0) return ws.close(CLOSE_BAD_REQUEST, 'connectionId must be a positive integer');
      this.onPlatform(ws, connectionId);
    });
    return true;
  }

  private onPlatform(ws: WebSocket, connectionId: number): void {
    const s = this.session(connectionId, true)!;
    const previous = s.platform;
    s.platform = ws;
    if (previous) previous.close(CLOSE_REPLACED, 'another platform socket took this session');
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('error', () => undefined);
    ws.on('message', (data) => this.onFrame(s, ws, data));
    ws.on('close', () => {
      if (s.platform !== ws) return;
      s.platform = undefined;
      s.outbox = [];
      if (!s.paired) this.setStatus(s, 'DISCONNECTED', '');
    });

    this.setStatus(s, 'OPENING', '');
    if (s.paired) this.setConnected(s);
    else this.setStatus(s, 'qrcode', `atendo-sim:${connectionId}:${randomBytes(12).toString('base64url')}`);
  }

  private onFrame(s: Session, ws: WebSocket, data: RawData): void {
    if (s.platform !== ws) return;
    let frame: PlatformFrame;
    try {
      frame = JSON.parse(data.toString()) as PlatformFrame;
    } catch {
      ws.close(CLOSE_BAD_REQUEST, 'frames are JSON');
      return;
    }
    switch (frame.type) {
      case 'ack-inbound':
        this.onInboundAcks(s, frame.ids);
        break;
      case 'ack-received':
        for (const { providerMessageId, ack } of frame.acks ?? []) {
          const receipt = s.receipts.get(providerMessageId);
          if (receipt && receipt.ack <= ack) s.receipts.delete(providerMessageId);
        }
        this.changed();
        break;
      case 'send':
        this.onSend(s, frame);
        break;
      case 'revoke': {
        const entry = typeof frame.to === 'string' ? s.customers.get(frame.to)?.log.find((e) => e.id === frame.id && e.sender === 'platform') : undefined;
        if (entry) {
          entry.deleted = true;
          this.changed();
        }
        break;
      }
      case 'logout':
        this.unlink(s);
        break;
      default:
        this.sendFrame(ws, { type: 'error', error: 'ERR_VALIDATION', message: `unknown frame type ${(frame as { type?: unknown }).type}` });
    }
  }

  private onInboundAcks(s: Session, ids: unknown): void {
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      const pending = typeof id === 'string' ? s.pending.get(id) : undefined;
      if (!pending) continue;
      s.pending.delete(id);
      if (pending.entry.ack < 2) pending.entry.ack = 2;
    }
    this.changed();
  }

  private onSend(s: Session, frame: Extract<PlatformFrame, { type: 'send' }>): void {
    const { requestId } = frame;
    const fail = (error: string, message: string) => this.sendFrame(s.platform, { type: 'error', requestId, error, message });
    if (!s.paired) return fail('ERR_WAPP_NOT_INITIALIZED', `session ${s.connectionId} is not connected`);
    if (typeof frame.to !== 'string' || !NUMBER.test(frame.to)) return fail('ERR_WAPP_INVALID_CONTACT', 'to must be 8 to 15 digits');
    const media = wireMedia(frame.media);
    if (frame.media !== undefined && !media) return fail('ERR_VALIDATION', 'media must name its mediaType, mimetype, fileName and size');
    if (typeof frame.body !== 'string' || (frame.body.trim() === '' && !media) || frame.body.length > MAX_OUTBOUND_TEXT) {
      return fail('ERR_VALIDATION', `body must be non-empty text of at most ${MAX_OUTBOUND_TEXT} characters`);
    }
    if (s.faults.rateLimitSends > 0) {
      s.faults.rateLimitSends--;
      return fail('ERR_WAPP_RATE_LIMITED', '429 rate-overlimit: too many messages from this number');
    }
    if (s.faults.dropConnectionOnSend > 0) {
      s.faults.dropConnectionOnSend--;
      s.platform?.terminate();
      return;
    }
    const key = frame.id;
    if (key !== undefined && (typeof key !== 'string' || key === '' || key.length > MAX_KEY)) return fail('ERR_VALIDATION', `id must be text of 1 to ${MAX_KEY} characters`);
    const earlier = key === undefined ? undefined : s.sent.get(key);
    if (key !== undefined && earlier) {
      // The same message again (the platform did not learn the outcome of the first send): confirm it, with its
      // delivery state, and do not deliver it twice.
      this.sendFrame(s.platform, { type: 'sent', requestId, providerMessageId: key, timestamp: earlier.timestamp });
      this.setReceipt(s, key, earlier.ack);
      this.changed();
      return;
    }
    const entry: LogEntry = { id: key ?? newMessageId(), sender: 'platform', body: frame.body, timestamp: Date.now(), ack: 1 };
    if (typeof frame.quotedId === 'string' && frame.quotedId) entry.quotedId = frame.quotedId;
    if (media) entry.media = media;
    this.append(this.customer(s, frame.to), entry);
    if (key !== undefined) this.remember(s, key, { timestamp: entry.timestamp, ack: 1 });
    const confirm = () => this.sendFrame(s.platform, { type: 'sent', requestId, providerMessageId: entry.id, timestamp: entry.timestamp });
    if (s.faults.loseConfirmations > 0) s.faults.loseConfirmations--;
    else if (this.options.confirmDelayMs) this.later(this.options.confirmDelayMs, confirm);
    else confirm();
    this.setReceipt(s, entry.id, 1);
    this.progress(s, entry);
    this.changed();
  }

  private remember(s: Session, key: string, sent: Sent): void {
    s.sent.set(key, sent);
    if (s.sent.size > MAX_SENT_MEMORY) s.sent.delete(s.sent.keys().next().value!);
  }

  /** The customer's phone receives the message, then the customer reads it. */
  private progress(s: Session, entry: LogEntry): void {
    const [delivered, read] = this.ackDelays;
    if (entry.ack < 2) this.later(delivered, () => this.moveAck(s, entry, 2));
    if (entry.ack < 3) this.later(read, () => this.moveAck(s, entry, 3));
  }

  private moveAck(s: Session, entry: LogEntry, ack: Ack): void {
    if (entry.ack >= ack || !this.sessions.has(s.connectionId)) return;
    entry.ack = ack;
    const sent = s.sent.get(entry.id);
    if (sent) sent.ack = ack;
    this.setReceipt(s, entry.id, ack);
    this.changed();
  }

  private setReceipt(s: Session, id: string, ack: Ack): void {
    const receipt: Receipt = { ack, sentAt: 0, attempts: 0 };
    s.receipts.set(id, receipt);
    if (this.deliverable(s)) {
      this.sendFrame(s.platform, { type: 'ack', providerMessageId: id, ack });
      receipt.sentAt = Date.now();
      receipt.attempts = 1;
    }
  }

  private setStatus(s: Session, status: SessionStatus, qrcode: string): void {
    s.status = status;
    s.qrcode = qrcode;
    this.sendFrame(s.platform, { type: 'status', status, qrcode });
  }

  private setConnected(s: Session): void {
    this.setStatus(s, 'CONNECTED', '');
    // A new socket (or a fresh pairing) gets everything still unacknowledged, in arrival order.
    for (const p of s.pending.values()) p.sentAt = 0;
    for (const r of s.receipts.values()) r.sentAt = 0;
    this.redeliverSession(s, Date.now(), true);
  }

  private unlink(s: Session): void {
    s.paired = false;
    this.setStatus(s, 'DISCONNECTED', '');
    s.platform?.close(CLOSE_LOGGED_OUT, 'logged out');
    s.platform = undefined;
    s.outbox = [];
    this.changed();
  }

  private deliverable(s: Session): boolean {
    return s.paired && s.status === 'CONNECTED' && s.platform?.readyState === WebSocket.OPEN;
  }

  private redeliver(): void {
    const now = Date.now();
    for (const s of this.sessions.values()) if (this.deliverable(s)) this.redeliverSession(s, now, false);
  }

  private redeliverSession(s: Session, now: number, all: boolean): void {
    const due = (sentAt: number, attempts: number) =>
      all || sentAt === 0 || now - sentAt >= Math.min(this.redeliverMaxMs, this.redeliverAfterMs * 2 ** Math.min(attempts - 1, 20));
    const batch: WireInbound[] = [];
    for (const p of s.pending.values()) {
      if (!due(p.sentAt, p.attempts)) continue;
      batch.push(p.message);
      p.sentAt = now;
      p.attempts++;
    }
    for (let i = 0; i < batch.length; i += FRAME_CHUNK) this.sendFrame(s.platform, { type: 'inbound', messages: batch.slice(i, i + FRAME_CHUNK) });
    for (const [id, r] of s.receipts) {
      if (!due(r.sentAt, r.attempts)) continue;
      this.sendFrame(s.platform, { type: 'ack', providerMessageId: id, ack: r.ack });
      r.sentAt = now;
      r.attempts++;
    }
  }

  private flushOutbox(s: Session): void {
    s.flushScheduled = false;
    const messages = s.outbox;
    s.outbox = [];
    if (!this.deliverable(s)) return;
    for (let i = 0; i < messages.length; i += FRAME_CHUNK) this.sendFrame(s.platform, { type: 'inbound', messages: messages.slice(i, i + FRAME_CHUNK) });
  }

  private sendFrame(ws: WebSocket | undefined, frame: ServerFrame): void {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }

  private ping(): void {
    for (const s of this.sessions.values()) {
      const ws = s.platform;
      if (!ws) continue;
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }

  // ---- customer side ---------------------------------------------------------------------------------------------

  /** A customer sends a text. Returns the new message's id. */
  receive(connectionId: number, from: string, text: string, pushName?: string, quotedId?: string): string {
    const s = this.session(connectionId, false);
    if (!s?.paired) throw new HttpError(409, 'ERR_WAPP_NOT_INITIALIZED', `session ${connectionId} is not connected`);
    return this.accept(s, from, text, pushName, quotedId);
  }

  /** The person holding the connected phone types `text` to the customer `to`: the platform hears of it as fromMe. */
  phoneTypes(connectionId: number, to: string, text: string): string {
    const s = this.session(connectionId, false);
    if (!s?.paired) throw new HttpError(409, 'ERR_WAPP_NOT_INITIALIZED', `session ${connectionId} is not connected`);
    return this.accept(s, to, text, undefined, undefined, true);
  }

  private accept(s: Session, from: string, text: string, pushName?: string, quotedId?: string, fromMe = false): string {
    const customer = this.customer(s, from);
    if (pushName) customer.pushName = pushName;
    const entry: LogEntry = { id: newMessageId(), sender: fromMe ? 'phone' : 'customer', body: text, timestamp: Date.now(), ack: 1 };
    const message: WireInbound = { id: entry.id, from, body: text, timestamp: entry.timestamp, ...(fromMe ? { fromMe: true } : {}) };
    if (customer.pushName && !fromMe) message.pushName = customer.pushName;
    if (quotedId) message.quotedId = entry.quotedId = quotedId;
    this.append(customer, entry);
    const pending: Pending = { message, entry, sentAt: 0, attempts: 0 };
    s.pending.set(entry.id, pending);
    if (this.deliverable(s)) {
      pending.sentAt = Date.now();
      pending.attempts = 1;
      s.outbox.push(message);
      if (!s.flushScheduled) {
        s.flushScheduled = true;
        // Everything received in the same turn of the event loop travels in one frame.
        setImmediate(() => this.flushOutbox(s));
      }
    }
    this.changed();
    return entry.id;
  }

  /** The phone scanned the QR code. */
  scan(connectionId: number): SimulatorSessionView {
    const s = this.requireSession(connectionId);
    if (s.paired) return this.view(s);
    if (s.status !== 'qrcode') throw new HttpError(409, 'ERR_WAPP_NOT_INITIALIZED', `session ${connectionId} shows no QR code (status ${s.status})`);
    s.paired = true;
    this.setConnected(s);
    this.changed();
    return this.view(s);
  }

  /** Fault injection for tests: what goes wrong with the next sends. */
  injectFaults(connectionId: number, faults: Partial<Faults>): SimulatorSessionView {
    const s = this.requireSession(connectionId);
    Object.assign(s.faults, faults);
    return this.view(s);
  }

  /** The phone unlinks the device. Unacknowledged messages stay and are delivered after the next pairing. */
  disconnect(connectionId: number): SimulatorSessionView {
    const s = this.requireSession(connectionId);
    this.unlink(s);
    return this.view(s);
  }

  private view(s: Session): SimulatorSessionView {
    return {
      connectionId: s.connectionId,
      status: s.status,
      qrcode: s.qrcode,
      paired: s.paired,
      platformConnected: s.platform !== undefined,
      pending: s.pending.size,
      customers: s.customers.size,
    };
  }

  sessionView(connectionId: number): SimulatorSessionView | undefined {
    const s = this.sessions.get(connectionId);
    return s && this.view(s);
  }

  private customerView(s: Session, number: string): SimulatorCustomerView {
    const customer = s.customers.get(number);
    return {
      number,
      pushName: customer?.pushName ?? null,
      messages: (customer?.log ?? []).map((e) => ({
        id: e.id,
        sender: e.sender,
        body: e.body,
        timestamp: e.timestamp,
        ack: e.ack,
        quotedId: e.quotedId ?? null,
        ...(e.media ? { media: e.media } : {}),
        ...(e.deleted ? { deleted: true } : {}),
      })),
    };
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------------

  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== this.basePath && !url.pathname.startsWith(`${this.basePath}/`)) return false;
    try {
      const parts = url.pathname.slice(this.basePath.length).split('/').filter(Boolean).map(decodePart);
      const [status, body] = await this.route(req, parts);
      json(res, status, body);
    } catch (error) {
      if (error instanceof HttpError) json(res, error.status, { error: error.code, message: error.message });
      else {
        this.log.warn({ err: error }, 'simulator request failed');
        json(res, 500, { error: 'ERR_INTERNAL_SERVER_ERROR' });
      }
    }
    return true;
  }

  private async route(req: IncomingMessage, parts: string[]): Promise<[number, unknown]> {
    const method = req.method ?? 'GET';
    const [first, id, action, number, last] = parts;
    if (parts.length === 1 && first === 'health' && method === 'GET') {
      let pending = 0;
      for (const s of this.sessions.values()) pending += s.pending.size;
      return [200, { ok: true, sessions: this.sessions.size, pending }];
    }
    if (first !== 'sessions') throw new HttpError(404, 'ERR_NOT_FOUND');
    if (parts.length === 1 && method === 'GET') return [200, { sessions: [...this.sessions.values()].map((s) => this.view(s)) }];
    const connectionId = parseConnectionId(id);

    if (parts.length === 2 && method === 'GET') return [200, this.view(this.requireSession(connectionId))];
    if (parts.length === 3 && action === 'scan' && method === 'POST') return [200, this.scan(connectionId)];
    if (parts.length === 3 && action === 'disconnect' && method === 'POST') return [200, this.disconnect(connectionId)];
    if (parts.length === 3 && action === 'faults' && method === 'POST') {
      const body = (await readJson(req)) as Record<string, unknown> | null;
      const faults: Partial<Faults> = {};
      for (const name of ['loseConfirmations', 'dropConnectionOnSend', 'rateLimitSends'] as const) {
        const count = body?.[name];
        if (count === undefined) continue;
        if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) throw validation(`${name} must be a whole number ≥ 0`);
        faults[name] = count;
      }
      return [200, this.injectFaults(connectionId, faults)];
    }
    if (parts.length === 3 && action === 'customers' && method === 'GET') {
      const s = this.requireSession(connectionId);
      return [200, { customers: [...s.customers.values()].map((c) => ({ number: c.number, pushName: c.pushName ?? null, messages: c.log.length })) }];
    }
    if (parts.length === 3 && action === 'inbound' && method === 'POST') {
      const body = await readJson(req);
      const list = (body as { messages?: unknown } | null)?.messages;
      if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BATCH) throw validation(`messages must be an array of 1 to ${MAX_BATCH} items`);
      const checked = list.map((item, i) => checkCustomerMessage(item, (item as { from?: unknown } | null)?.from, `messages[${i}].`));
      const s = this.session(connectionId, false);
      if (!s?.paired) throw new HttpError(409, 'ERR_WAPP_NOT_INITIALIZED', `session ${connectionId} is not connected`);
      const ids = checked.map((m) => this.accept(s, m.from, m.text, m.pushName, m.quotedId));
      return [202, { ids }];
    }
    if (parts.length === 5 && action === 'customers' && last === 'phone' && method === 'POST') {
      const m = checkCustomerMessage(await readJson(req), number, '');
      return [202, { id: this.phoneTypes(connectionId, m.from, m.text) }];
    }
    if (parts.length === 5 && action === 'customers' && last === 'messages') {
      if (method === 'GET') return [200, this.customerView(this.requireSession(connectionId), checkNumber(number, ''))];
      if (method === 'POST') {
        const m = checkCustomerMessage(await readJson(req), number, '');
        return [202, { id: this.receive(connectionId, m.from, m.text, m.pushName, m.quotedId) }];
      }
    }
    throw new HttpError(404, 'ERR_NOT_FOUND');
  }

  // ---- state -----------------------------------------------------------------------------------------------------

  private session(connectionId: number, create: boolean): Session | undefined {
    let s = this.sessions.get(connectionId);
    if (!s && create) {
      s = emptySession(connectionId, false);
      this.sessions.set(connectionId, s);
      this.changed();
    }
    return s;
  }

  private requireSession(connectionId: number): Session {
    const s = this.sessions.get(connectionId);
    if (!s) throw new HttpError(404, 'ERR_NOT_FOUND', `no session ${connectionId}: the platform has not opened it`);
    return s;
  }

  private customer(s: Session, number: string): Customer {
    let c = s.customers.get(number);
    if (!c) {
      c = { number, log: [] };
      s.customers.set(number, c);
    }
    return c;
  }

  private append(customer: Customer, entry: LogEntry): void {
    customer.log.push(entry);
    // Trim in steps so that a long conversation does not pay for a splice on every message.
    if (customer.log.length > this.maxLog + Math.ceil(this.maxLog / 4)) customer.log.splice(0, customer.log.length - this.maxLog);
  }

  private later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private changed(): void {
    if (!this.options.dataFile || this.closed) return;
    this.dirty = true;
    if (this.persistTimer || this.writing) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = undefined;
      void this.persist();
    }, Math.max(this.options.persistDelayMs ?? 100, this.lastWriteMs * 4));
  }

  private async persist(): Promise<void> {
    const file = this.options.dataFile;
    if (!file || !this.dirty) return;
    this.dirty = false;
    const started = performance.now();
    const text = JSON.stringify(this.snapshot());
    const write = (async () => {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      // The rename makes a crash during the write leave the previous state, never half a file.
      await rename(tmp, file);
      this.lastWriteMs = performance.now() - started;
    })();
    this.writing = write.catch((error: unknown) => {
      this.dirty = true;
      this.log.warn({ err: error, file }, 'simulator state not written');
    });
    await this.writing;
    this.writing = undefined;
    if (this.dirty && !this.closed) this.changed();
  }

  private snapshot(): StateFile {
    return {
      version: 1,
      sessions: [...this.sessions.values()].map((s) => ({
        connectionId: s.connectionId,
        paired: s.paired,
        customers: [...s.customers.values()],
        pending: [...s.pending.values()].map((p) => p.message),
        receipts: [...s.receipts].map(([id, r]): [string, Ack] => [id, r.ack]),
        sent: [...s.sent].map(([id, m]): [string, number, Ack] => [id, m.timestamp, m.ack]),
      })),
    };
  }

  private load(file: string): void {
    if (!existsSync(file)) return;
    const state = JSON.parse(readFileSync(file, 'utf8')) as StateFile;
    for (const saved of state.sessions) {
      const s = emptySession(saved.connectionId, saved.paired);
      const entries = new Map<string, LogEntry>();
      for (const c of saved.customers) {
        s.customers.set(c.number, c);
        for (const e of c.log) {
          if (e.sender === 'customer' && e.ack < 2) entries.set(e.id, e);
          if (e.sender === 'platform' && e.ack < 3) this.progress(s, e);
        }
      }
      for (const message of saved.pending) {
        const entry = entries.get(message.id) ?? { id: message.id, sender: 'customer', body: message.body, timestamp: message.timestamp, ack: 1 };
        s.pending.set(message.id, { message, entry, sentAt: 0, attempts: 0 });
      }
      for (const [id, ack] of saved.receipts) s.receipts.set(id, { ack, sentAt: 0, attempts: 0 });
      for (const [id, timestamp, ack] of saved.sent ?? []) s.sent.set(id, { timestamp, ack });
      this.sessions.set(s.connectionId, s);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ticker);
    clearInterval(this.pinger);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const s of this.sessions.values()) {
      s.platform?.close(1001, 'simulator shutting down');
      s.platform = undefined;
    }
    this.wss.close();
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    await this.writing;
    await this.persist();
  }
}

export interface SimulatorSessionView {
  connectionId: number;
  status: SessionStatus;
  qrcode: string;
  paired: boolean;
  platformConnected: boolean;
  /** Inbound messages the platform has not acknowledged yet. */
  pending: number;
  customers: number;
}

export interface SimulatorCustomerView {
  number: string;
  pushName: string | null;
  messages: Array<{ id: string; sender: Sender; body: string; timestamp: number; ack: Ack; quotedId: string | null; media?: WireMedia; deleted?: boolean }>;
}

function emptySession(connectionId: number, paired: boolean): Session {
  return {
    connectionId,
    status: paired ? 'CONNECTED' : 'DISCONNECTED',
    qrcode: '',
    paired,
    customers: new Map(),
    pending: new Map(),
    receipts: new Map(),
    sent: new Map(),
    faults: { loseConfirmations: 0, dropConnectionOnSend: 0, rateLimitSends: 0 },
    platform: undefined,
    outbox: [],
    flushScheduled: false,
  };
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw validation('malformed URL');
  }
}

function parseConnectionId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw validation('connectionId must be a positive integer');
  return id;
}

function checkNumber(value: unknown, field: string): string {
  if (typeof value !== 'string' || !NUMBER.test(value)) throw validation(`${field}number must be 8 to 15 digits (country code included, no signs or spaces)`);
  return value;
}

function checkCustomerMessage(body: unknown, number: unknown, field: string): { from: string; text: string; pushName?: string; quotedId?: string } {
  if (typeof body !== 'object' || body === null) throw validation(`${field || 'body'} must be a JSON object`);
  const { text, pushName, quotedId } = body as Record<string, unknown>;
  const from = checkNumber(number, field ? `${field}from: ` : '');
  if (typeof text !== 'string' || text.trim() === '') throw validation(`${field}text must be non-empty`);
  if (text.length > MAX_TEXT) throw validation(`${field}text must be at most ${MAX_TEXT} characters`);
  if (pushName !== undefined && (typeof pushName !== 'string' || pushName.length > 100)) throw validation(`${field}pushName must be text of at most 100 characters`);
  if (quotedId !== undefined && typeof quotedId !== 'string') throw validation(`${field}quotedId must be a message id`);
  const message: { from: string; text: string; pushName?: string; quotedId?: string } = { from, text };
  if (pushName) message.pushName = pushName;
  if (quotedId) message.quotedId = quotedId;
  return message;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'ERR_VALIDATION', 'body too large');
    chunks.push(chunk);
  }
  if (size === 0) throw validation('a JSON body is required');
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw validation('the body is not valid JSON');
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts the simulator on its own HTTP server: the HTTP API under the base path and the platform socket. */
export async function createSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const simulator = new Simulator(options);
  const basePath = (options.basePath ?? '/simulator').replace(/\/+$/, '');
  const server = createServer((req, res) => {
    void simulator.handle(req, res).then((handled) => {
      if (!handled) json(res, 404, { error: 'ERR_NOT_FOUND', message: `the simulator answers under ${basePath}/` });
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!simulator.handleUpgrade(req, socket, head)) socket.destroy();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    simulator,
    handle: (req, res) => simulator.handle(req, res),
    close: async () => {
      await simulator.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A send frame's file description, checked; undefined when absent or malformed. */
function wireMedia(raw: unknown): WireMedia | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 255;
  if (!text(m.mediaType) || !text(m.mimetype) || !text(m.fileName) || typeof m.size !== 'number' || !Number.isSafeInteger(m.size) || m.size < 0) return undefined;
  return { mediaType: m.mediaType as string, mimetype: m.mimetype as string, fileName: m.fileName as string, size: m.size, ...(m.voice === true ? { voice: true } : {}) };
}
