import type { Ack, SessionStatus } from '@atendo/contracts';
import { WebSocket, type RawData } from 'ws';
import { ChannelError, SendOutcomeUnknownError, type ChannelProvider, type ChannelSink, type InboundMessage, type OutboundMessage, type SessionInfo } from '../port.js';
import { CLOSE_LOGGED_OUT, CLOSE_REPLACED, PLATFORM_PATH, type PlatformFrame, type ServerFrame, type WireInbound } from './protocol.js';

export interface SimulatorProviderOptions {
  /** Inbound messages handed to sinks at the same time, over all sessions. */
  concurrency?: number;
  sendTimeoutMs?: number;
  /**
   * How long a send waits for a session that is connecting (starting, or reconnecting after a dropped link) before it
   * is refused: a reply sent while the phone's link comes back is delivered, not marked failed.
   */
  connectWaitMs?: number;
  /** First wait before a message the sink rejected is tried again (doubling up to retryMaxMs). */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** After this many failed tries a message is parked (see ChannelSink.park) and the customer's next one goes on. */
  parkAfterFailures?: number;
  /** Acknowledgements to the simulator are gathered this long and sent together. */
  ackBatchMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Without any frame or ping from the simulator for this long, the socket is taken as dead. */
  heartbeatTimeoutMs?: number;
  logoutTimeoutMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

interface CustomerQueue {
  from: string;
  /** The head is in the sink (or failed there); the rest wait behind it. */
  items: WireInbound[];
  /** In the run queue or in the sink. */
  scheduled: boolean;
  /** The head failed: it is retried after a pause, or sooner when the simulator delivers it again. */
  failed: boolean;
  failures: number;
  retryTimer: NodeJS.Timeout | undefined;
}

interface PendingSend {
  resolve(value: { providerMessageId: string; timestamp: number }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Session {
  info: SessionInfo;
  sink: ChannelSink;
  ws: WebSocket | undefined;
  stopped: boolean;
  /** Last status the simulator told. */
  status: SessionStatus;
  reported: string | undefined;
  statusChain: Promise<void>;
  queues: Map<string, CustomerQueue>;
  /** Ids queued or in the sink: a redelivered copy of one of them is not handed over twice. */
  known: Set<string>;
  /** Recently recorded ids: a redelivered copy is acknowledged again without bothering the sink. */
  recorded: Set<string>;
  inboundAcks: string[];
  receiptAcks: Array<{ providerMessageId: string; ack: Ack }>;
  ackTimer: NodeJS.Timeout | undefined;
  receiptChains: Map<string, Promise<void>>;
  receiptsInFlight: Set<string>;
  sends: Map<number, PendingSend>;
  attempt: number;
  reconnectTimer: NodeJS.Timeout | undefined;
  heartbeat: NodeJS.Timeout | undefined;
  loggedOut: Array<() => void>;
}

const RECORDED_MEMORY = 20_000;

/**
 * The channel port over the simulated WhatsApp server. One WebSocket per session; inbound messages are handed to the
 * sink one at a time per customer (different customers in parallel) and acknowledged to the simulator only once the
 * sink has recorded them, so anything the platform did not record comes again.
 */
export class SimulatorProvider implements ChannelProvider {
  readonly name = 'simulator';
  private readonly wsBase: string;
  private readonly sessions = new Map<number, Session>();
  private readonly runQueue: Array<{ session: Session; queue: CustomerQueue }> = [];
  private runHead = 0;
  private active = 0;
  private nextRequestId = 0;
  private readonly concurrency: number;
  private readonly log: { warn(obj: unknown, msg?: string): void };

  constructor(
    baseUrl: string,
    private readonly options: SimulatorProviderOptions = {},
  ) {
    const url = new URL(baseUrl);
    url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
    url.pathname = PLATFORM_PATH;
    url.search = '';
    this.wsBase = url.toString();
    this.concurrency = options.concurrency ?? 64;
    this.log = options.log ?? { warn: (obj, msg) => console.warn(msg ?? '', obj) };
  }

  async startSession(info: SessionInfo, sink: ChannelSink): Promise<void> {
    if (this.sessions.has(info.connectionId)) await this.stopSession(info.connectionId);
    const session: Session = {
      info,
      sink,
      ws: undefined,
      stopped: false,
      status: 'OPENING',
      reported: undefined,
      statusChain: Promise.resolve(),
      queues: new Map(),
      known: new Set(),
      recorded: new Set(),
      inboundAcks: [],
      receiptAcks: [],
      ackTimer: undefined,
      receiptChains: new Map(),
      receiptsInFlight: new Set(),
      sends: new Map(),
      attempt: 0,
      reconnectTimer: undefined,
      heartbeat: undefined,
      loggedOut: [],
    };
    this.sessions.set(info.connectionId, session);
    this.report(session, 'OPENING', '');
    this.connect(session);
  }

  /** The simulator gives a sent message its idempotency key as its id. */
  providerMessageId(idempotencyKey: string): string {
    return idempotencyKey;
  }

  async send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: number }> {
    const session = this.sessions.get(message.connectionId);
    const deadline = Date.now() + (this.options.connectWaitMs ?? 15_000);
    while (session && !session.stopped && session.status === 'OPENING' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const ws = session?.ws;
    if (!session || ws?.readyState !== WebSocket.OPEN || session.status !== 'CONNECTED') {
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${message.connectionId} is not connected`);
    }
    const requestId = ++this.nextRequestId;
    const frame: PlatformFrame = { type: 'send', requestId, id: message.idempotencyKey, to: message.to, body: message.body };
    if (message.quotedProviderMessageId) frame.quotedId = message.quotedProviderMessageId;
    if (message.media) {
      // The simulated phone is told what the file is; its bytes stay with the platform.
      let size = 0;
      for await (const chunk of await message.media.open()) size += (chunk as Buffer).length;
      const { mediaType, mimetype, fileName, voice } = message.media;
      frame.media = { mediaType, mimetype, fileName, size, ...(voice ? { voice: true } : {}) };
    }
    return new Promise((resolve, reject) => {
      const timeoutMs = this.options.sendTimeoutMs ?? 10_000;
      const timer = setTimeout(() => {
        session.sends.delete(requestId);
        reject(new SendOutcomeUnknownError(`the simulator did not confirm the message within ${timeoutMs} ms`));
      }, timeoutMs);
      session.sends.set(requestId, { resolve, reject, timer });
      ws.send(JSON.stringify(frame));
    });
  }

  async revoke(connectionId: number, to: string, providerMessageId: string): Promise<void> {
    const ws = this.sessions.get(connectionId)?.ws;
    if (ws?.readyState !== WebSocket.OPEN) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${connectionId} is not connected to the simulator`);
    const frame: PlatformFrame = { type: 'revoke', id: providerMessageId, to };
    ws.send(JSON.stringify(frame));
  }

  async logout(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    const ws = session?.ws;
    if (!session || ws?.readyState !== WebSocket.OPEN) {
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${connectionId} is not connected to the simulator`);
    }
    const timeoutMs = this.options.logoutTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChannelError('ERR_WAPP_NOT_INITIALIZED', `logout of session ${connectionId} not confirmed`)), timeoutMs);
      session.loggedOut.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.sendFrame(session, { type: 'logout' });
    });
    await session.statusChain;
  }

  async stopSession(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.stop(session, 'session stopped');
    await session.statusChain;
  }

  async close(): Promise<void> {
    const sessions = [...this.sessions.values()];
    for (const session of sessions) this.stop(session, 'provider closed');
    await Promise.all(sessions.map((s) => s.statusChain));
  }

  // ---- socket ----------------------------------------------------------------------------------------------------

  private connect(session: Session): void {
    const ws = new WebSocket(`${this.wsBase}?connectionId=${session.info.connectionId}`, { perMessageDeflate: false });
    session.ws = ws;
    ws.on('open', () => {
      if (session.ws !== ws) return;
      session.attempt = 0;
      this.touch(session, ws);
      this.flushAcks(session);
    });
    ws.on('ping', () => this.touch(session, ws));
    ws.on('message', (data) => {
      if (session.ws !== ws) return;
      this.touch(session, ws);
      this.onFrame(session, data);
    });
    ws.on('error', (error) => {
      if (session.ws === ws && session.attempt === 0) this.log.warn({ err: error, connectionId: session.info.connectionId }, 'simulator socket error');
    });
    ws.on('close', (code) => this.onClose(session, ws, code));
  }

  private onClose(session: Session, ws: WebSocket, code: number): void {
    if (session.ws !== ws) return;
    session.ws = undefined;
    clearTimeout(session.heartbeat);
    this.failSends(session, new SendOutcomeUnknownError('the connection to the simulator was lost before it confirmed the message'));
    if (session.stopped) return;
    if (code === CLOSE_LOGGED_OUT) {
      this.report(session, 'DISCONNECTED', '');
      this.stop(session, 'logged out');
      for (const done of session.loggedOut.splice(0)) done();
      return;
    }
    if (code === CLOSE_REPLACED) {
      this.log.warn({ connectionId: session.info.connectionId }, 'another platform process took this simulator session over');
      this.stop(session, 'replaced');
      return;
    }
    session.status = 'OPENING';
    this.report(session, 'OPENING', '');
    const min = this.options.reconnectMinMs ?? 100;
    const max = this.options.reconnectMaxMs ?? 5_000;
    const delay = Math.min(max, min * 2 ** Math.min(session.attempt, 16)) * (0.75 + Math.random() / 2);
    session.attempt++;
    session.reconnectTimer = setTimeout(() => {
      session.reconnectTimer = undefined;
      if (!session.stopped) this.connect(session);
    }, delay);
  }

  /** A half-open TCP connection never reports a close; silence does. */
  private touch(session: Session, ws: WebSocket): void {
    clearTimeout(session.heartbeat);
    session.heartbeat = setTimeout(() => {
      if (session.ws === ws) ws.terminate();
    }, this.options.heartbeatTimeoutMs ?? 60_000);
  }

  private stop(session: Session, reason: string): void {
    session.stopped = true;
    if (this.sessions.get(session.info.connectionId) === session) this.sessions.delete(session.info.connectionId);
    clearTimeout(session.reconnectTimer);
    clearTimeout(session.heartbeat);
    clearTimeout(session.ackTimer);
    const ws = session.ws;
    session.ws = undefined;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(1000, reason);
    }
    this.failSends(session, new SendOutcomeUnknownError(`WhatsApp session ${session.info.connectionId} was stopped before the simulator confirmed the message`));
    for (const queue of session.queues.values()) clearTimeout(queue.retryTimer);
    session.queues.clear();
    session.known.clear();
  }

  private failSends(session: Session, error: Error): void {
    for (const send of session.sends.values()) {
      clearTimeout(send.timer);
      send.reject(error);
    }
    session.sends.clear();
  }

  private sendFrame(session: Session, frame: PlatformFrame): boolean {
    const ws = session.ws;
    if (ws?.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  private onFrame(session: Session, data: RawData): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data.toString()) as ServerFrame;
    } catch {
      this.log.warn({ connectionId: session.info.connectionId }, 'simulator sent a frame that is not JSON');
      return;
    }
    switch (frame.type) {
      case 'status':
        session.status = frame.status;
        this.report(session, frame.status, frame.qrcode ?? '');
        break;
      case 'inbound':
        for (const message of frame.messages) this.onInbound(session, message);
        break;
      case 'ack':
        this.onReceipt(session, frame.providerMessageId, frame.ack);
        break;
      case 'sent': {
        const send = session.sends.get(frame.requestId);
        if (!send) break;
        session.sends.delete(frame.requestId);
        clearTimeout(send.timer);
        send.resolve({ providerMessageId: frame.providerMessageId, timestamp: frame.timestamp });
        break;
      }
      case 'error': {
        const send = frame.requestId === undefined ? undefined : session.sends.get(frame.requestId);
        if (!send || frame.requestId === undefined) {
          this.log.warn({ connectionId: session.info.connectionId, error: frame.error, message: frame.message }, 'simulator reported an error');
          break;
        }
        session.sends.delete(frame.requestId);
        clearTimeout(send.timer);
        send.reject(new ChannelError(frame.error, frame.message));
        break;
      }
    }
  }

  /** Status calls reach the sink one after another, and a repeated status is not reported twice. */
  private report(session: Session, status: SessionStatus, qrcode: string): void {
    const key = `${status}\n${qrcode}`;
    if (session.reported === key) return;
    session.reported = key;
    const { connectionId } = session.info;
    session.statusChain = session.statusChain
      .then(() => session.sink.status(connectionId, status, qrcode))
      .catch((error: unknown) => this.log.warn({ err: error, connectionId, status }, 'sink.status failed'));
  }

  // ---- inbound ---------------------------------------------------------------------------------------------------

  private onInbound(session: Session, message: WireInbound): void {
    if (session.recorded.has(message.id)) {
      this.queueAck(session, message.id);
      return;
    }
    let queue = session.queues.get(message.from);
    if (session.known.has(message.id)) {
      // The simulator gave up waiting for it; if it had failed in the sink, that is the signal to try again.
      if (queue?.failed && queue.items[0]?.id === message.id) this.retry(session, queue);
      return;
    }
    if (!queue) {
      queue = { from: message.from, items: [], scheduled: false, failed: false, failures: 0, retryTimer: undefined };
      session.queues.set(message.from, queue);
    }
    session.known.add(message.id);
    queue.items.push(message);
    if (!queue.scheduled && !queue.failed) this.schedule(session, queue);
  }

  private schedule(session: Session, queue: CustomerQueue): void {
    queue.scheduled = true;
    this.runQueue.push({ session, queue });
    this.pump();
  }

  private pump(): void {
    while (this.active < this.concurrency && this.runHead < this.runQueue.length) {
      const next = this.runQueue[this.runHead++]!;
      if (this.runHead > 1024 && this.runHead * 2 > this.runQueue.length) {
        this.runQueue.splice(0, this.runHead);
        this.runHead = 0;
      }
      if (next.session.stopped) continue;
      this.active++;
      void this.runOne(next.session, next.queue).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async runOne(session: Session, queue: CustomerQueue): Promise<void> {
    const message = queue.items[0];
    if (!message) {
      queue.scheduled = false;
      return;
    }
    try {
      await session.sink.inbound(this.toInbound(session, message));
    } catch (error) {
      if (session.stopped) return;
      if (queue.failures + 1 >= (this.options.parkAfterFailures ?? 5) && (await this.park(session, message, error))) {
        if (session.stopped) return;
        this.recorded(session, queue, message);
        return;
      }
      if (session.stopped) return;
      // Not acknowledged, so the simulator keeps it; this customer's later messages wait behind it. The retry does
      // not wait for the simulator's redelivery alone, whose pauses grow while a backlog is worked off.
      queue.scheduled = false;
      queue.failed = true;
      const min = this.options.retryMinMs ?? 200;
      const delay = Math.min(this.options.retryMaxMs ?? 10_000, min * 2 ** Math.min(queue.failures, 16));
      queue.failures++;
      queue.retryTimer = setTimeout(() => this.retry(session, queue), delay);
      this.log.warn({ err: error, connectionId: session.info.connectionId, providerMessageId: message.id }, 'sink.inbound failed; will try again');
      return;
    }
    if (session.stopped) return;
    this.recorded(session, queue, message);
  }

  /** True once the sink has set the message aside; false leaves it to be retried like any failure. */
  private async park(session: Session, message: WireInbound, error: unknown): Promise<boolean> {
    try {
      await session.sink.park(this.toInbound(session, message), error instanceof Error ? error.message : String(error));
      this.log.warn({ err: error, connectionId: session.info.connectionId, providerMessageId: message.id }, 'inbound message parked after repeated failures');
      return true;
    } catch (parkError) {
      this.log.warn({ err: parkError, connectionId: session.info.connectionId, providerMessageId: message.id }, 'parking an inbound message failed');
      return false;
    }
  }

  /** The head of the customer's line is in the platform (recorded or parked): acknowledge it and go on. */
  private recorded(session: Session, queue: CustomerQueue, message: WireInbound): void {
    queue.failures = 0;
    queue.items.shift();
    session.known.delete(message.id);
    session.recorded.add(message.id);
    if (session.recorded.size > RECORDED_MEMORY) session.recorded.delete(session.recorded.values().next().value!);
    this.queueAck(session, message.id);
    if (queue.items.length > 0) {
      // Back of the line, so one busy customer does not hold a slot while others wait.
      this.runQueue.push({ session, queue });
    } else {
      queue.scheduled = false;
      session.queues.delete(queue.from);
    }
  }

  private retry(session: Session, queue: CustomerQueue): void {
    clearTimeout(queue.retryTimer);
    queue.retryTimer = undefined;
    if (session.stopped || !queue.failed) return;
    queue.failed = false;
    this.schedule(session, queue);
  }

  private toInbound(session: Session, m: WireInbound): InboundMessage {
    const message: InboundMessage = {
      connectionId: session.info.connectionId,
      providerMessageId: m.id,
      from: m.from,
      body: m.body,
      mediaType: 'chat',
      timestamp: m.timestamp,
      isGroup: false,
    };
    if (m.pushName) message.pushName = m.pushName;
    if (m.quotedId) message.quotedProviderMessageId = m.quotedId;
    if (m.fromMe) message.fromMe = true;
    return message;
  }

  // ---- receipts --------------------------------------------------------------------------------------------------

  /** Receipts of one message reach the sink in order; repeats of one already on its way are dropped. */
  private onReceipt(session: Session, providerMessageId: string, ack: Ack): void {
    const key = `${providerMessageId}:${ack}`;
    if (session.receiptsInFlight.has(key)) return;
    session.receiptsInFlight.add(key);
    const { connectionId } = session.info;
    const previous = session.receiptChains.get(providerMessageId) ?? Promise.resolve();
    const next = previous
      .then(() => session.sink.ack(connectionId, providerMessageId, ack))
      .then(
        () => {
          session.receiptAcks.push({ providerMessageId, ack });
          this.scheduleAcks(session);
        },
        (error: unknown) => this.log.warn({ err: error, connectionId, providerMessageId, ack }, 'sink.ack failed; waiting for redelivery'),
      )
      .finally(() => {
        session.receiptsInFlight.delete(key);
        if (session.receiptChains.get(providerMessageId) === next) session.receiptChains.delete(providerMessageId);
      });
    session.receiptChains.set(providerMessageId, next);
  }

  // ---- acknowledgements to the simulator -------------------------------------------------------------------------

  private queueAck(session: Session, id: string): void {
    session.inboundAcks.push(id);
    this.scheduleAcks(session);
  }

  private scheduleAcks(session: Session): void {
    if (session.ackTimer || session.stopped) return;
    session.ackTimer = setTimeout(() => {
      session.ackTimer = undefined;
      this.flushAcks(session);
    }, this.options.ackBatchMs ?? 5);
  }

  /** Unsent acknowledgements wait for the next socket; the simulator's redelivery would bring them back anyway. */
  private flushAcks(session: Session): void {
    if (session.stopped || session.ws?.readyState !== WebSocket.OPEN) return;
    if (session.inboundAcks.length > 0) {
      this.sendFrame(session, { type: 'ack-inbound', ids: session.inboundAcks });
      session.inboundAcks = [];
    }
    if (session.receiptAcks.length > 0) {
      this.sendFrame(session, { type: 'ack-received', acks: session.receiptAcks });
      session.receiptAcks = [];
    }
  }
}
