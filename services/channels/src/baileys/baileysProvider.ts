import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Ack, SessionStatus } from '@atendo/contracts';
import makeWASocket, {
  Browsers,
  downloadMediaMessage,
  isJidGroup,
  makeCacheableSignalKeyStore,
  type AnyMessageContent,
  type AuthenticationState,
  type BinaryNode,
  type MiscMessageGenerationOptions,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type WAVersion,
} from '@whiskeysockets/baileys';
import { ChannelError, SendOutcomeUnknownError, type ChannelProvider, type ChannelSink, type InboundMessage, type OutboundMedia, type OutboundMessage, type SessionInfo } from '../port.js';
import { InboundJournal } from './inboundJournal.js';
import { lidJid, pnJid, providerMessageIdFor, toIdentity } from './ids.js';
import { SessionLeases } from './lease.js';
import { mapCall, mapMessage, mapUpdate, type BaileysFact, type MessageFact } from './mapping.js';
import { ReceiptGate, silentLogger, type BaileysLogger, type RawSocket } from './receiptGate.js';
import { decide, failuresAfter, qrLimit, STABLE_CONNECTION_MS, type Stop } from './reconnectPolicy.js';

/** The part of Baileys' socket the provider uses: the real one, or a fake one in tests (same events, same calls). */
export interface BaileysSocket {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Baileys' typed emitter and a plain one both fit
  ev: { on(event: string, listener: (arg: any) => void): unknown };
  /** The raw frames: server acks of our sends arrive as `CB:ack,class:message` (Baileys itself reports only errors). */
  ws: {
    on(event: string, listener: (node: BinaryNode) => void): unknown;
    /** The WebSocket the frames are written to (Baileys' client sets it when the socket is made). */
    socket?: RawSocket | null;
  };
  user?: { id: string; lid?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void;
  rejectCall?(callId: string, callFrom: string): Promise<void>;
  onWhatsApp?(...jids: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined>;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
}

export interface SocketOptions {
  /** The real socket ignores it; a fake one knows which number it plays. */
  connectionId: number;
  auth: AuthenticationState;
  version: WAVersion;
  getMessage(key: WAMessageKey): Promise<{ conversation: string } | undefined>;
  /** Baileys' logger: its `xml send` trace lines tell the receipt gate what each frame confirms. */
  logger: BaileysLogger;
}

export type SocketFactory = (options: SocketOptions) => BaileysSocket;

/** Baileys' auth state, kept by the platform (PostgreSQL, encrypted). */
export interface AuthStore {
  load(whatsappId: number): Promise<{ state: AuthenticationState; saveCreds(): Promise<void> }>;
  wipe(whatsappId: number): Promise<void>;
}

export interface BaileysProviderOptions {
  knex: Knex;
  auth: AuthStore;
  /** The WhatsApp Web version, pinned by configuration: never fetched at run time (baileys7.md §1). */
  version: WAVersion;
  /** This process's name for the session leases (stable across restarts, so it takes its own leases back at once). */
  owner: string;
  leaseTtlMs?: number;
  socketFactory?: SocketFactory;
  /** How long a send waits for a session that is connecting (a reconnect) before it is refused. */
  connectWaitMs?: number;
  /** How long a send waits for WhatsApp's server to acknowledge it before its outcome is "unknown". */
  serverAckTimeoutMs?: number;
  /** Sessions opened at the same time after a restart: the fleet comes back staggered, not all at once. */
  openConcurrency?: number;
  /** Pause between two session openings of the fleet (plus jitter). */
  openSpacingMs?: number;
  /** After this many failed tries a customer's message is parked (ChannelSink.park) and the next one goes on. */
  parkAfterFailures?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
  random?: () => number;
  now?: () => number;
  /** The pause before a reconnect (a soak drives simulated hours through it); default `setTimeout`. */
  schedule?: (run: () => void, delayMs: number) => { cancel(): void };
  log?: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

interface PendingAck {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Session {
  info: SessionInfo;
  sink: ChannelSink;
  socket: BaileysSocket | undefined;
  status: SessionStatus;
  stopped: boolean;
  /** Consecutive failed connects, and when the recent ones happened (for the breaker). */
  attempt: number;
  failures: number[];
  qrShown: number;
  /** When the current socket opened (0 while not open). */
  openedAt: number;
  reconnectTimer: { cancel(): void } | undefined;
  /** Inbound work of this session, one message after another, so a customer's messages keep their order. */
  inbound: Promise<void>;
  /** Status reports, in order. */
  reports: Promise<void>;
  /** Credential saves not finished yet: a new socket waits for them (after pairing, WhatsApp asks for one at once). */
  saving: Promise<void>;
  serverAcks: Map<string, PendingAck>;
  /** Ids of the latest messages this session sent: their echoes are ours, not replies typed on the phone. */
  sent: Set<string>;
  /** Journal writes, one after another: what is journaled is always a prefix of what WhatsApp delivered. */
  journaling: Promise<void>;
}

const defaultSocketFactory: SocketFactory = ({ auth, version, getMessage, logger }) => {
  return makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, silentLogger() as never) },
    version,
    logger: logger as never,
    browser: Browsers.ubuntu('Atendo'),
    // The phone keeps its notifications; no history: the platform has its own (the LID mappings come with messages).
    markOnlineOnConnect: false,
    syncFullHistory: false,
    getMessage,
  }) as unknown as BaileysSocket;
};

/**
 * The channel port over Baileys: one socket per connection whose lease this process holds. Auth state lives in
 * PostgreSQL (written on every update); a dropped socket is replaced by a new one after the reconnect policy's pause;
 * a number WhatsApp refuses or logs out stops with the reason instead of looping. Nothing is kept in memory beyond
 * the sockets: retries read sent messages through the sink, and inbound messages pass through the journal.
 */
export class BaileysProvider implements ChannelProvider {
  readonly name = 'baileys';
  private readonly sessions = new Map<number, Session>();
  /** Sessions another process holds the lease of: this one takes them over if that lease lapses. */
  private readonly standby = new Map<number, { info: SessionInfo; sink: ChannelSink }>();
  private readonly leases: SessionLeases;
  private readonly journal: InboundJournal;
  private readonly gates = new WeakMap<BaileysSocket, ReceiptGate>();
  private readonly makeSocket: SocketFactory;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly log: NonNullable<BaileysProviderOptions['log']>;
  private readonly renewal: NodeJS.Timeout;
  private readonly schedule: NonNullable<BaileysProviderOptions['schedule']>;
  private opening: Promise<void> = Promise.resolve();
  private openingSlots: number;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: BaileysProviderOptions) {
    this.leases = new SessionLeases(options.knex, options.owner, options.leaseTtlMs);
    this.journal = new InboundJournal(options.knex);
    this.makeSocket = options.socketFactory ?? defaultSocketFactory;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.schedule =
      options.schedule ??
      ((run, delayMs) => {
        const timer = setTimeout(run, delayMs);
        timer.unref();
        return { cancel: () => clearTimeout(timer) };
      });
    this.log = options.log ?? { info: () => undefined, warn: (obj, msg) => console.warn(msg ?? '', obj) };
    this.openingSlots = options.openConcurrency ?? 8;
    this.renewal = setInterval(() => void this.renewLeases(), Math.max(1_000, this.leases.ttlMs / 3));
    this.renewal.unref();
  }

  providerMessageId(idempotencyKey: string): string {
    return providerMessageIdFor(idempotencyKey);
  }

  async startSession(info: SessionInfo, sink: ChannelSink): Promise<void> {
    if (this.sessions.has(info.connectionId)) await this.stopSession(info.connectionId);
    this.standby.delete(info.connectionId);
    const session: Session = {
      info,
      sink,
      socket: undefined,
      status: 'OPENING',
      stopped: false,
      attempt: 0,
      failures: [],
      qrShown: 0,
      openedAt: 0,
      reconnectTimer: undefined,
      inbound: Promise.resolve(),
      reports: Promise.resolve(),
      saving: Promise.resolve(),
      serverAcks: new Map(),
      sent: new Set(),
      journaling: Promise.resolve(),
    };
    if (!(await this.leases.acquire(info.connectionId))) {
      this.standby.set(info.connectionId, { info, sink });
      this.log.info({ connectionId: info.connectionId }, 'another gateway process runs this connection; standing by');
      return;
    }
    this.sessions.set(info.connectionId, session);
    this.report(session, 'OPENING', '');
    // What an earlier process received and did not record goes first.
    for (const message of await this.journal.pending(info.connectionId)) this.enqueueInbound(session, message);
    await this.open(session);
  }

  /** Opens the session's socket when a slot is free: after a restart the fleet comes back a few at a time. */
  private async open(session: Session): Promise<void> {
    await this.slot();
    try {
      if (session.stopped) return;
      await this.connect(session);
    } finally {
      const spacing = this.options.openSpacingMs ?? 250;
      setTimeout(() => this.freeSlot(), spacing * (0.5 + this.random())).unref();
    }
  }

  private slot(): Promise<void> {
    if (this.openingSlots > 0) {
      this.openingSlots--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private freeSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.openingSlots++;
  }

  private async connect(session: Session): Promise<void> {
    const id = session.info.connectionId;
    // Opening with credentials older than the last update would pair the phone again (baileys7.md §7: 515, then 401).
    await session.saving;
    const { state, saveCreds } = await this.options.auth.load(id);
    const gate = new ReceiptGate({
      onOverdue: (ids) => this.log.warn({ connectionId: id, ids }, 'a delivery receipt waited too long for its messages to be journaled; sent anyway'),
    });
    const socket = this.makeSocket({
      connectionId: id,
      auth: state,
      version: this.options.version,
      getMessage: async (key) => {
        const sent = key.id ? await session.sink.sentMessage?.(id, key.id) : undefined;
        return sent ? { conversation: sent.body } : undefined;
      },
      logger: gate.logger(),
    });
    gate.attach(socket.ws.socket);
    this.gates.set(socket, gate);
    session.socket = socket;
    const current = () => session.socket === socket && !session.stopped;
    // The whole credentials object, on every update (the socket has merged the change into it already).
    socket.ev.on('creds.update', () => {
      session.saving = session.saving.then(() => this.untilDone(session, saveCreds));
    });
    socket.ev.on('connection.update', (update: { connection?: string; qr?: string; isNewLogin?: boolean; lastDisconnect?: { error?: unknown } }) => {
      if (!current()) return;
      if (update.qr) {
        const stuck = qrLimit(session.qrShown);
        if (stuck) return this.halt(session, socket, stuck);
        session.qrShown++;
        this.report(session, 'qrcode', update.qr);
      }
      if (update.isNewLogin) this.report(session, 'PAIRING', '');
      if (update.connection === 'open') {
        session.qrShown = 0;
        session.openedAt = this.now();
        this.report(session, 'CONNECTED', '');
      }
      if (update.connection === 'close') this.closed(session, socket, statusCodeOf(update.lastDisconnect?.error));
    });
    // Both kinds: `notify` is live, `append` what came while the session was down (a handler taking only notify loses it).
    socket.ev.on('messages.upsert', ({ messages }: { messages: WAMessage[]; type: string }) => {
      if (!current()) return;
      const pending = messages.filter((m) => !m.key.fromMe && m.key.id);
      // Journaled before anything else; WhatsApp hears "delivered" only once they are (the receipt gate holds it).
      const journaled = (session.journaling = session.journaling.then(async () => {
        await this.untilDone(session, () => this.journal.write(id, pending));
        gate.journaled(pending.map((m) => m.key.id!));
      }));
      session.inbound = session.inbound.then(() => journaled);
      for (const message of pending) this.enqueueInbound(session, message);
      // Replies typed on the phone itself (a person taking over); our own sends echo back too, and are known by id.
      for (const message of messages) if (this.typedOnPhone(session, message)) this.enqueueInbound(session, message);
    });
    // WhatsApp tells the LID of a number it knows (app-state sync): one person, one contact.
    socket.ev.on('lid-mapping.update', (update: { lid?: string; pn?: string }) => {
      const who = toIdentity(update.lid, update.pn);
      if (!current() || !who?.lid || !who.pn || !session.sink.identity) return;
      const { lid, pn } = who as { lid: string; pn: string };
      session.inbound = session.inbound.then(() => this.untilDone(session, () => session.sink.identity!(id, lid, pn)));
    });
    socket.ev.on('messages.update', (updates: WAMessageUpdate[]) => {
      if (!current()) return;
      for (const update of updates) for (const fact of mapUpdate(update)) this.onAck(session, fact);
    });
    socket.ev.on('call', (calls: WACallEvent[]) => {
      if (!current()) return;
      for (const call of calls) {
        if (call.status !== 'offer' || !session.sink.call) continue;
        for (const fact of mapCall(call)) {
          if (fact.kind !== 'call') continue;
          const inbound = { callId: fact.callId, from: fact.from.pn ?? fact.from.lid ?? '', isVideo: fact.isVideo, timestamp: fact.timestamp, ...(fact.from.lid ? { lid: fact.from.lid } : {}) };
          // Recorded in the conversation; declined when the company does not take calls on WhatsApp.
          session.inbound = session.inbound.then(() =>
            this.untilDone(session, async () => {
              const answer = await session.sink.call!(id, inbound);
              if (answer === 'decline' && socket.rejectCall && !fact.offline) await socket.rejectCall(call.id, call.from).catch(() => undefined);
            }),
          );
        }
      }
    });
    // WhatsApp's server acknowledges every message it accepts; Baileys reports only the refusals, so this listens itself.
    socket.ws.on('CB:ack,class:message', (node: BinaryNode) => {
      const pending = node.attrs.id ? session.serverAcks.get(node.attrs.id) : undefined;
      if (!pending) return;
      session.serverAcks.delete(node.attrs.id!);
      clearTimeout(pending.timer);
      if (node.attrs.error) pending.reject(new ChannelError('ERR_SENDING_WAPP_MSG', `WhatsApp refused the message (${node.attrs.error})`));
      else pending.resolve();
    });
  }

  /** The socket closed: a new one after the policy's pause, or the session stops and says why. */
  private closed(session: Session, socket: BaileysSocket, statusCode: number | undefined): void {
    const now = this.now();
    const connectedBefore = session.openedAt > 0 && now - session.openedAt >= STABLE_CONNECTION_MS;
    session.openedAt = 0;
    session.socket = undefined;
    this.endSocket(socket);
    for (const [, pending] of session.serverAcks) {
      clearTimeout(pending.timer);
      pending.reject(new SendOutcomeUnknownError('the connection closed before WhatsApp acknowledged the message'));
    }
    session.serverAcks.clear();
    if (connectedBefore) session.attempt = 0;
    const decision = decide({ statusCode, attempt: session.attempt, connectedBefore, recentFailures: session.failures, now, qrShown: session.qrShown }, this.random);
    session.failures = failuresAfter(session.failures, now, connectedBefore);
    session.attempt++;
    if (decision.action === 'stop') return this.halt(session, undefined, decision);
    this.report(session, 'OPENING', '');
    session.reconnectTimer = this.schedule(() => {
      session.reconnectTimer = undefined;
      if (!session.stopped) void this.open(session).catch((err: unknown) => this.closedWithError(session, err));
    }, decision.delayMs);
  }

  private closedWithError(session: Session, err: unknown): void {
    this.log.warn({ err, connectionId: session.info.connectionId }, 'opening a WhatsApp session failed');
    this.report(session, 'DISCONNECTED', '', err instanceof Error ? err.message : String(err));
  }

  /** The session stops for good until someone presses "try again": logged out, banned, or stuck. */
  private halt(session: Session, socket: BaileysSocket | undefined, decision: Stop): void {
    session.socket = undefined;
    this.endSocket(socket);
    session.reconnectTimer?.cancel();
    this.log.warn({ connectionId: session.info.connectionId, reason: decision.reason }, 'WhatsApp session stopped');
    const wipe = decision.wipeAuth ? this.options.auth.wipe(session.info.connectionId) : Promise.resolve();
    session.reports = session.reports.then(() => wipe).catch((err: unknown) => this.log.warn({ err }, 'wiping WhatsApp credentials failed'));
    this.report(session, decision.status, '', decision.reason);
  }

  private report(session: Session, status: SessionStatus, qrcode: string, reason?: string): void {
    session.status = status;
    const id = session.info.connectionId;
    session.reports = session.reports.then(() => this.untilDone(session, () => session.sink.status(id, status, qrcode, reason)));
  }

  // ---- inbound ---------------------------------------------------------------------------------------------------

  private enqueueInbound(session: Session, message: WAMessage): void {
    session.inbound = session.inbound.then(() => this.deliver(session, message));
  }

  /** Hands one message's facts to the sink; tries again with a growing pause, parks it after repeated failures. */
  private async deliver(session: Session, message: WAMessage): Promise<void> {
    const id = session.info.connectionId;
    const facts = mapMessage(message, { id: session.socket?.user?.id ?? null, lid: session.socket?.user?.lid ?? null });
    // What WhatsApp revealed of who is who comes first: the message itself is then filed under the right person.
    for (const fact of facts) {
      if (fact.kind === 'identity' && session.sink.identity) await this.untilDone(session, () => session.sink.identity!(id, fact.lid, fact.pn));
    }
    const inbound = facts
      .filter((f): f is MessageFact => f.kind === 'message' && (!f.fromMe || (!f.isGroup && f.chat !== null && !session.sent.has(f.providerMessageId))))
      .map((f) => this.toInbound(session, f, message));
    for (const item of inbound) {
      for (let failures = 0; ; failures++) {
        if (session.stopped) return;
        try {
          await session.sink.inbound(item);
          break;
        } catch (error) {
          if (failures + 1 >= (this.options.parkAfterFailures ?? 5)) {
            try {
              await session.sink.park(item, error instanceof Error ? error.message : String(error));
              break;
            } catch (parkError) {
              this.log.warn({ err: parkError, connectionId: id }, 'parking an inbound message failed');
            }
          }
          await this.pause(failures);
        }
      }
    }
    // The customer edited or deleted a message of theirs.
    for (const fact of facts) {
      if ((fact.kind !== 'edit' && fact.kind !== 'revoke') || fact.fromMe || !session.sink.change) continue;
      const change =
        fact.kind === 'edit'
          ? { kind: 'edit' as const, changeId: fact.providerMessageId, targetProviderMessageId: fact.targetProviderMessageId, body: fact.body }
          : { kind: 'revoke' as const, changeId: fact.providerMessageId, targetProviderMessageId: fact.targetProviderMessageId };
      await this.untilDone(session, () => session.sink.change!(id, change));
    }
    if (message.key.id) await this.untilDone(session, () => this.journal.done(id, message.key.id!));
  }

  /** A message the account wrote in a one-to-one chat that this session did not send: typed on the phone. */
  private typedOnPhone(session: Session, message: WAMessage): boolean {
    const { key } = message;
    return key.fromMe === true && !!key.id && !!key.remoteJid && !isJidGroup(key.remoteJid) && !session.sent.has(key.id);
  }

  private toInbound(session: Session, fact: MessageFact, raw: WAMessage): InboundMessage {
    // Typed on the phone: the person it concerns is the one it was written to.
    const who = fact.fromMe && fact.chat ? fact.chat : fact.from;
    const from = who.pn ?? who.lid ?? '';
    const inbound: InboundMessage = {
      connectionId: session.info.connectionId,
      providerMessageId: fact.providerMessageId,
      from,
      body: fact.body,
      mediaType: fact.mediaType,
      timestamp: fact.timestamp,
      isGroup: fact.isGroup,
    };
    if (fact.pushName) inbound.pushName = fact.pushName;
    if (fact.quotedProviderMessageId) inbound.quotedProviderMessageId = fact.quotedProviderMessageId;
    if (who.lid) inbound.lid = who.lid;
    if (fact.fromMe) inbound.fromMe = true;
    if (fact.media) {
      const socket = session.socket;
      inbound.media = {
        mimetype: fact.media.mimetype,
        ...(fact.media.fileName ? { fileName: fact.media.fileName } : {}),
        ...(fact.media.ptt ? { ptt: true } : {}),
        open: async () =>
          (await downloadMediaMessage(raw, 'stream', {}, { logger: silentLogger() as never, reuploadRequest: (m) => (socket?.updateMediaMessage ? socket.updateMediaMessage(m) : Promise.resolve(m)) })) as Readable,
      };
    }
    return inbound;
  }

  private onAck(session: Session, fact: BaileysFact): void {
    if (fact.kind !== 'ack') return;
    const reason = fact.ack === 0 ? `WhatsApp refused the message (${fact.errorCode ?? 'error'})` : undefined;
    const id = session.info.connectionId;
    session.inbound = session.inbound.then(() => this.untilDone(session, () => session.sink.ack(id, fact.providerMessageId, fact.ack as Ack, reason)));
  }

  private async untilDone(session: Session, work: () => Promise<unknown>): Promise<void> {
    for (let failures = 0; !session.stopped; failures++) {
      try {
        await work();
        return;
      } catch (error) {
        this.log.warn({ err: error, connectionId: session.info.connectionId, failures }, 'recording what WhatsApp reported failed; trying again');
        await this.pause(failures);
      }
    }
  }

  private pause(failures: number): Promise<void> {
    const min = this.options.retryMinMs ?? 200;
    const delay = Math.min(this.options.retryMaxMs ?? 10_000, min * 2 ** Math.min(failures, 16));
    return new Promise((r) => setTimeout(r, delay));
  }

  // ---- outbound --------------------------------------------------------------------------------------------------

  async send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: number }> {
    const session = this.sessions.get(message.connectionId);
    // A reply sent while the socket comes back (a reconnect) waits for it rather than failing, as with the simulator.
    const deadline = Date.now() + (this.options.connectWaitMs ?? 15_000);
    while (session && !session.stopped && session.status === 'OPENING' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const socket = session?.socket;
    if (!session || !socket || session.status !== 'CONNECTED') {
      throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${message.connectionId} is not connected`);
    }
    let jid: string;
    try {
      // A customer known only by their LID is answered at the LID (`{lid}@lid`).
      jid = message.to.endsWith('@lid') ? lidJid(message.to.slice(0, -4)) : pnJid(message.to);
    } catch (error) {
      throw new ChannelError('ERR_WAPP_INVALID_CONTACT', (error as Error).message);
    }
    const providerMessageId = providerMessageIdFor(message.idempotencyKey);
    const timeoutMs = this.options.serverAckTimeoutMs ?? 15_000;
    const acknowledged = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        session.serverAcks.delete(providerMessageId);
        reject(new SendOutcomeUnknownError(`WhatsApp's server did not acknowledge the message within ${timeoutMs} ms`));
      }, timeoutMs);
      session.serverAcks.set(providerMessageId, { resolve, reject, timer });
    });
    acknowledged.catch(() => undefined);
    const options: MiscMessageGenerationOptions = { messageId: providerMessageId };
    session.sent.add(providerMessageId);
    if (session.sent.size > 2_000) session.sent.delete(session.sent.values().next().value!);
    if (message.quotedProviderMessageId) {
      // The quote needs only the quoted message's key to point at it.
      options.quoted = { key: { remoteJid: jid, id: message.quotedProviderMessageId }, message: { conversation: '' } } as WAMessage;
    }
    try {
      await socket.sendMessage(jid, message.media ? await mediaContent(message.media, message.body) : { text: message.body }, options);
    } catch (error) {
      const pending = session.serverAcks.get(providerMessageId);
      if (pending) clearTimeout(pending.timer);
      session.serverAcks.delete(providerMessageId);
      throw new SendOutcomeUnknownError(`sending failed: ${(error as Error).message}`);
    }
    await acknowledged;
    return { providerMessageId, timestamp: this.now() };
  }

  async revoke(connectionId: number, to: string, providerMessageId: string): Promise<void> {
    const socket = this.sessions.get(connectionId)?.socket;
    if (!socket) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${connectionId} is not connected`);
    const jid = to.endsWith('@lid') ? lidJid(to.slice(0, -4)) : pnJid(to);
    await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: providerMessageId } });
  }

  async checkNumber(connectionId: number, number: string): Promise<boolean> {
    const session = this.sessions.get(connectionId);
    const socket = session?.socket;
    if (!session || !socket || session.status !== 'CONNECTED') throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `WhatsApp session ${connectionId} is not connected`);
    let jid: string;
    try {
      jid = pnJid(number);
    } catch {
      return false;
    }
    if (!socket.onWhatsApp) return true;
    try {
      const found = await socket.onWhatsApp(jid);
      // Unknown numbers are left out of the answer (baileys7.md §6).
      return (found ?? []).some((r) => r.exists);
    } catch (error) {
      throw new ChannelError('ERR_WAPP_CHECK_CONTACT', `WhatsApp did not answer whether ${number} exists: ${(error as Error).message}`);
    }
  }

  // ---- lifecycle -------------------------------------------------------------------------------------------------

  async logout(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) {
      await this.options.auth.wipe(connectionId);
      return;
    }
    const socket = session.socket;
    session.stopped = true;
    session.socket = undefined;
    session.reconnectTimer?.cancel();
    try {
      await socket?.logout();
    } catch (error) {
      this.log.warn({ err: error, connectionId }, 'WhatsApp logout did not answer; the credentials are wiped anyway');
    }
    this.endSocket(socket);
    await this.options.auth.wipe(connectionId);
    await this.journal.forget(connectionId).catch(() => undefined);
    session.stopped = false;
    this.report(session, 'DISCONNECTED', '');
    await session.reports;
    session.stopped = true;
    this.sessions.delete(connectionId);
    await this.leases.release(connectionId);
  }

  async stopSession(connectionId: number): Promise<void> {
    this.standby.delete(connectionId);
    const session = this.sessions.get(connectionId);
    if (!session) return;
    session.stopped = true;
    session.reconnectTimer?.cancel();
    const socket = session.socket;
    session.socket = undefined;
    this.endSocket(socket);
    this.sessions.delete(connectionId);
    await this.leases.release(connectionId).catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.renewal);
    this.standby.clear();
    for (const id of [...this.sessions.keys()]) await this.stopSession(id);
  }

  /** Keeps this process's leases; a session whose lease another process took is stopped here. */
  private async renewLeases(): Promise<void> {
    try {
      const lost = await this.leases.renew([...this.sessions.keys()]);
      for (const id of lost) {
        const session = this.sessions.get(id);
        this.log.warn({ connectionId: id }, 'the session lease passed to another gateway process; stopping here');
        await this.stopSession(id);
        if (session) this.standby.set(id, { info: session.info, sink: session.sink });
      }
      // A process that died leaves its leases to lapse: a standby takes them over.
      for (const [id, { info, sink }] of this.standby) {
        if (await this.leases.acquire(id)) {
          this.log.info({ connectionId: id }, 'taking over a session whose owner went away');
          await this.startSession(info, sink);
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'renewing session leases failed');
    }
  }

  /** Ends a socket; the frames its receipt gate still holds are dropped, so WhatsApp delivers those messages again. */
  private endSocket(socket: BaileysSocket | undefined): void {
    if (!socket) return;
    socket.end(undefined);
    this.gates.get(socket)?.close();
    this.gates.delete(socket);
  }

  /** Sessions by state, for /health and the bench. */
  sessionCount(): number {
    return this.sessions.size;
  }
}

/** A file as Baileys sends it: streamed from the blob store, with its caption (a document's name when none). */
async function mediaContent(media: OutboundMedia, body: string): Promise<AnyMessageContent> {
  const stream = { stream: Readable.from((await media.open()) as AsyncIterable<Buffer>) };
  const caption = body && body !== media.fileName ? { caption: body } : {};
  switch (media.mediaType) {
    case 'image':
      return { image: stream, mimetype: media.mimetype, ...caption };
    case 'video':
      return { video: stream, mimetype: media.mimetype, ...caption };
    case 'audio':
      // A voice note plays in the chat like one recorded on a phone (baileys7.md §6: no transcoding here).
      return { audio: stream, mimetype: media.mimetype, ptt: media.voice };
    default:
      return { document: stream, mimetype: media.mimetype, fileName: media.fileName, ...caption };
  }
}

function statusCodeOf(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: number } } | undefined)?.output;
  return output?.statusCode;
}
