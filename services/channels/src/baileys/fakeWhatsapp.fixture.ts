import { EventEmitter } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { binaryNodeToString, encryptedStream, initAuthCreds, proto, type AnyMessageContent, type AuthenticationState, type MiscMessageGenerationOptions, type WAMessage } from '@whiskeysockets/baileys';
import type { AuthStore, BaileysSocket, SocketFactory, SocketOptions } from './baileysProvider.js';
import type { RawSocket } from './receiptGate.js';

/**
 * WhatsApp as the Baileys provider sees it, for tests: sockets that pair by a scanned QR code, deliver what
 * customers send as `messages.upsert`, acknowledge sends with the server's raw ack frame and receipts as
 * `messages.update`, and close with WhatsApp's codes. Events have the shapes Baileys 7 emits (baileys7.md §3).
 */
export class FakeWhatsapp {
  /** What each customer's phone received, by number: once per message id, as on a real phone. */
  readonly phones = new Map<string, PhoneMessage[]>();
  readonly sockets: FakeSocket[] = [];
  /** Every connect of a connection is closed at once with this code (a refused or banned number). */
  readonly refuse = new Map<number, number>();
  /** Sends to these numbers are answered with an error ack (e.g. '463'). */
  readonly errorFor = new Map<string, string>();
  /** Sends to these numbers get no server ack at all. */
  readonly silentFor = new Set<string>();
  /** Calls the platform declined, by call id. */
  readonly declinedCalls: string[] = [];
  /** Numbers that have no WhatsApp (onWhatsApp leaves them out). */
  readonly unknownNumbers = new Set<string>();
  /** LID user part → phone number, for customers who write from their LID. */
  readonly lids = new Map<string, string>();
  connects = 0;
  /** Frames the platform's sockets wrote, as WhatsApp's server received them. */
  readonly frames: Array<{ connectionId: number; tag: string; ids: string[] }> = [];
  /** Messages delivered to a connection that no receipt has confirmed yet: WhatsApp delivers them again on the next connect. */
  private readonly unconfirmed = new Map<number, Map<string, WAMessage>>();
  private nextId = 0;
  /** WhatsApp's media servers: the encrypted files customers sent, served over HTTP as the CDN serves them. */
  private cdn: { server: Server; url: string; files: Map<string, Buffer> } | undefined;

  readonly factory: SocketFactory = (options) => {
    this.connects++;
    const socket = new FakeSocket(this, options);
    this.sockets.push(socket);
    return socket;
  };

  /** WhatsApp's server receives a frame from a connection's socket: a receipt confirms delivery of its messages. */
  receive(connectionId: number, frame: unknown): void {
    const parsed = JSON.parse(String(frame)) as { tag: string; ids: string[] };
    this.frames.push({ connectionId, ...parsed });
    if (parsed.tag === 'receipt') for (const id of parsed.ids) this.unconfirmed.get(connectionId)?.delete(id);
  }

  /** What a connection has been sent and has not confirmed, in the order sent. */
  unconfirmedOf(connectionId: number): WAMessage[] {
    return [...(this.unconfirmed.get(connectionId)?.values() ?? [])];
  }

  /** Hands messages to a connection's socket, keeping them until a receipt confirms them. */
  deliver(socket: FakeSocket, messages: WAMessage[], type: 'notify' | 'append'): void {
    const kept = this.unconfirmed.get(socket.connectionId) ?? new Map<string, WAMessage>();
    this.unconfirmed.set(socket.connectionId, kept);
    for (const m of messages) kept.set(m.key.id!, m);
    socket.receiveMessages(messages, type);
  }

  /** The live socket of a connection, if any. */
  socketOf(connectionId: number): FakeSocket | undefined {
    return [...this.sockets].reverse().find((s) => s.connectionId === connectionId && !s.ended);
  }

  /** The phone scans the QR code: WhatsApp pairs, then asks for a fresh socket (515), which opens. */
  scan(connectionId: number): void {
    const socket = this.socketOf(connectionId);
    if (!socket) throw new Error(`connection ${connectionId} shows no QR code`);
    socket.pair();
  }

  /**
   * A customer sends a file: encrypted with a fresh media key exactly as WhatsApp does (Baileys' own encryption), put on
   * the fake CDN, and delivered as an image/video/audio/document message pointing at it.
   */
  async customerSendsMedia(
    connectionId: number,
    from: string,
    file: { kind: 'image' | 'video' | 'audio' | 'document'; bytes: Buffer; mimetype: string; caption?: string; fileName?: string; ptt?: boolean },
  ): Promise<WAMessage> {
    const cdn = await this.startCdn();
    const encrypted = await encryptedStream(file.bytes, file.kind);
    const name = `/v/t62/${(++this.nextId).toString(16)}.enc`;
    cdn.files.set(name, await readFile(encrypted.encFilePath));
    await rm(encrypted.encFilePath, { force: true });
    const common = {
      url: `${cdn.url}${name}`,
      mediaKey: encrypted.mediaKey,
      mimetype: file.mimetype,
      fileSha256: encrypted.fileSha256,
      fileEncSha256: encrypted.fileEncSha256,
      fileLength: encrypted.fileLength,
    };
    const message: proto.IMessage =
      file.kind === 'image'
        ? { imageMessage: { ...common, caption: file.caption ?? '' } }
        : file.kind === 'video'
          ? { videoMessage: { ...common, caption: file.caption ?? '' } }
          : file.kind === 'audio'
            ? { audioMessage: { ...common, ptt: file.ptt ?? false } }
            : { documentMessage: { ...common, fileName: file.fileName ?? 'file', caption: file.caption ?? '' } };
    return this.customerSays(connectionId, from, '', { message });
  }

  private async startCdn() {
    if (this.cdn) return this.cdn;
    const files = new Map<string, Buffer>();
    const server = createServer((req, res) => {
      const body = files.get(req.url ?? '');
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.cdn = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, files };
    return this.cdn;
  }

  async close(): Promise<void> {
    const cdn = this.cdn;
    this.cdn = undefined;
    if (cdn) await new Promise((resolve) => cdn.server.close(resolve));
  }

  /** A customer calls the number (a call offer, as WhatsApp sends it). */
  customerCalls(connectionId: number, from: string, options: { isVideo?: boolean; id?: string } = {}): string {
    const socket = this.socketOf(connectionId);
    if (!socket) throw new Error(`connection ${connectionId} is not connected`);
    const id = options.id ?? `CALL${(++this.nextId).toString(16).toUpperCase()}`;
    const jid = `${from}@s.whatsapp.net`;
    socket.ev.emit('call', [{ chatId: jid, from: jid, id, date: new Date(), isVideo: options.isVideo ?? false, isGroup: false, offline: false, status: 'offer' }]);
    return id;
  }

  /** A customer writes; `lid` sends it from their LID (with the phone number as the alternate address unless hidden). */
  customerSays(
    connectionId: number,
    from: string,
    text: string,
    options: { pushName?: string; lid?: string; hidePhone?: boolean; type?: 'notify' | 'append'; message?: proto.IMessage; id?: string; group?: string } = {},
  ): WAMessage {
    const socket = this.socketOf(connectionId);
    if (!socket) throw new Error(`connection ${connectionId} is not connected`);
    const id = options.id ?? `3A${(++this.nextId).toString(16).padStart(18, '0').toUpperCase()}`;
    // In a group (`group`: its id) the chat is the group and the customer its participant.
    const key: WAMessage['key'] = options.group
      ? { remoteJid: `${options.group}@g.us`, fromMe: false, id, participant: `${from}@s.whatsapp.net` }
      : options.lid
        ? { remoteJid: `${options.lid}@lid`, fromMe: false, id, ...(options.hidePhone ? {} : { remoteJidAlt: `${from}@s.whatsapp.net` }), addressingMode: 'lid' }
        : { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id };
    const message: WAMessage = {
      key,
      message: options.message ?? { conversation: text },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: options.pushName ?? null,
    } as WAMessage;
    this.deliver(socket, [message], options.type ?? 'notify');
    return message;
  }

  /** Someone types on the connected phone itself to `to` (WhatsApp Web, or the phone app): a fromMe message. */
  phoneTypes(connectionId: number, to: string, text: string): WAMessage {
    const socket = this.socketOf(connectionId);
    if (!socket) throw new Error(`connection ${connectionId} is not connected`);
    const id = `3A${(++this.nextId).toString(16).padStart(18, '0').toUpperCase()}`;
    const message = { key: { remoteJid: `${to}@s.whatsapp.net`, fromMe: true, id }, message: { conversation: text }, messageTimestamp: Math.floor(Date.now() / 1000) } as WAMessage;
    // No receipt is owed for the account's own message: nothing waits for one.
    socket.receiveMessages([message], 'notify');
    return message;
  }
}

/** What a customer's phone shows of a message: its text (or caption), and the file that came with it. */
export interface PhoneMessage {
  id: string;
  text: string;
  connectionId: number;
  media?: { kind: 'image' | 'video' | 'audio' | 'document'; mimetype: string; size: number; ptt?: boolean; fileName?: string };
  /** Deleted for everyone by the platform. */
  deleted?: boolean;
}

export class FakeSocket implements BaileysSocket {
  readonly ev = new EventEmitter();
  /** Frames from WhatsApp arrive as events; what the socket writes goes through `ws.socket` to the server. */
  readonly ws: EventEmitter & { socket: RawSocket };
  readonly connectionId: number;
  readonly auth: AuthenticationState;
  user: BaileysSocket['user'];
  ended = false;
  open = false;

  private readonly logger: SocketOptions['logger'];

  constructor(
    private readonly whatsapp: FakeWhatsapp,
    options: SocketOptions,
  ) {
    this.connectionId = options.connectionId;
    this.auth = options.auth;
    this.logger = options.logger;
    this.ws = Object.assign(new EventEmitter(), {
      socket: {
        send: (data: unknown, cb?: (error?: Error) => void) => {
          if (this.ended) return cb?.(new Error('Connection Closed'));
          this.whatsapp.receive(this.connectionId, data);
          cb?.();
        },
      },
    });
    setImmediate(() => this.start());
  }

  /**
   * As Baileys handles a message: it confirms each one to WhatsApp with a delivery receipt (logging the node at trace
   * level, then writing the frame), and only then emits them as `messages.upsert`.
   */
  receiveMessages(messages: WAMessage[], type: 'notify' | 'append'): void {
    for (const m of messages) {
      const node = { tag: 'receipt', attrs: { id: m.key.id!, to: m.key.remoteJid!, type: 'inactive' } };
      if (this.logger.level === 'trace') this.logger.trace({ xml: binaryNodeToString(node), msg: 'xml send' });
      this.ws.socket.send(JSON.stringify({ tag: 'receipt', ids: [m.key.id!] }), () => undefined);
    }
    this.ev.emit('messages.upsert', { messages, type });
  }

  private start(): void {
    if (this.ended) return;
    this.ev.emit('connection.update', { connection: 'connecting' });
    const refused = this.whatsapp.refuse.get(this.connectionId);
    if (refused !== undefined) return this.close(refused);
    if (this.auth.creds.registered) {
      this.open = true;
      this.user = { id: this.auth.creds.me!.id };
      this.ev.emit('connection.update', { connection: 'open', receivedPendingNotifications: false });
      // What came while it was away (or was never confirmed): delivered again, as offline messages.
      const offline = this.whatsapp.unconfirmedOf(this.connectionId);
      if (offline.length) this.whatsapp.deliver(this, offline, 'append');
      this.ev.emit('connection.update', { receivedPendingNotifications: true });
    } else {
      this.ev.emit('connection.update', { qr: `2@fake-qr-${this.connectionId}-${Date.now()}` });
    }
  }

  pair(): void {
    this.auth.creds.registered = true;
    this.auth.creds.me = { id: `55119${String(this.connectionId).padStart(7, '0')}:1@s.whatsapp.net`, name: 'Atendo' };
    this.ev.emit('creds.update', { registered: true, me: this.auth.creds.me });
    this.ev.emit('connection.update', { isNewLogin: true, qr: undefined });
    setImmediate(() => this.close(515));
  }

  close(statusCode: number): void {
    if (this.ended) return;
    this.open = false;
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() } });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    if (!this.open || this.ended) throw new Error('Connection Closed');
    if ('delete' in content && content.delete) {
      // Delete for everyone: the customer's phone shows it deleted.
      const phone = this.whatsapp.phones.get(jid.split('@')[0]!) ?? [];
      for (const m of phone) if (m.id === content.delete.id) m.deleted = true;
      return undefined;
    }
    const id = options?.messageId ?? `3EB0${Math.random().toString(16).slice(2, 20).toUpperCase()}`;
    const number = jid.split('@')[0]!;
    const text = 'text' in content ? String(content.text) : 'caption' in content && content.caption ? String(content.caption) : '';
    const media = await mediaOf(content);
    const error = this.whatsapp.errorFor.get(number);
    if (!this.whatsapp.silentFor.has(number)) {
      setTimeout(() => {
        if (this.ended) return;
        this.ws.emit('CB:ack,class:message', { tag: 'ack', attrs: { id, class: 'message', from: jid, ...(error ? { error } : {}) } });
        if (error) return;
        const phone = this.whatsapp.phones.get(number) ?? [];
        // A message id the phone already has is shown once.
        if (!phone.some((m) => m.id === id)) phone.push({ id, text, connectionId: this.connectionId, ...(media ? { media } : {}) });
        this.whatsapp.phones.set(number, phone);
        // The phone receives it, then the customer reads it (as the simulator's customers do).
        const receipt = (status: number, after: number) =>
          setTimeout(() => {
            if (!this.ended) this.ev.emit('messages.update', [{ key: { remoteJid: jid, fromMe: true, id }, update: { status } }]);
          }, after);
        receipt(proto.WebMessageInfo.Status.DELIVERY_ACK, 5);
        receipt(proto.WebMessageInfo.Status.READ, 15);
      }, 5);
    }
    const sent = { key: { remoteJid: jid, fromMe: true, id }, message: { conversation: text }, messageTimestamp: Math.floor(Date.now() / 1000), status: proto.WebMessageInfo.Status.PENDING } as WAMessage;
    // As Baileys does (`emitOwnEvents`): the socket's own send comes back as an `append` upsert.
    this.ev.emit('messages.upsert', { messages: [sent], type: 'append' });
    return sent;
  }

  async logout(): Promise<void> {
    this.close(401);
  }

  end(): void {
    this.ended = true;
    this.open = false;
  }

  async rejectCall(callId: string): Promise<void> {
    this.whatsapp.declinedCalls.push(callId);
  }

  async onWhatsApp(...jids: string[]): Promise<Array<{ jid: string; exists: boolean }>> {
    return jids.filter((jid) => !this.whatsapp.unknownNumbers.has(jid.split('@')[0]!)).map((jid) => ({ jid, exists: true }));
  }
}

/** Auth state in memory (the PostgreSQL store has its own tests): enough for the provider's lifecycle. */
export function memoryAuth(): AuthStore & { wiped: number[] } {
  const states = new Map<number, AuthenticationState>();
  const wiped: number[] = [];
  return {
    wiped,
    async load(id) {
      let state = states.get(id);
      if (!state) {
        const keys = new Map<string, unknown>();
        state = {
          creds: initAuthCreds(),
          keys: {
            get: async (type, ids) => Object.fromEntries(ids.flatMap((k) => (keys.has(`${type}:${k}`) ? [[k, keys.get(`${type}:${k}`)]] : []))) as never,
            set: async (data) => {
              for (const [type, values] of Object.entries(data)) for (const [k, v] of Object.entries(values ?? {})) v === null ? keys.delete(`${type}:${k}`) : keys.set(`${type}:${k}`, v);
            },
          },
        };
        states.set(id, state);
      }
      return { state, saveCreds: async () => undefined };
    },
    async wipe(id) {
      states.delete(id);
      wiped.push(id);
    },
  };
}

/** The file of a media message, read whole (as WhatsApp would upload it). */
async function mediaOf(content: AnyMessageContent): Promise<PhoneMessage['media']> {
  for (const kind of ['image', 'video', 'audio', 'document'] as const) {
    if (!(kind in content)) continue;
    const c = content as Record<string, unknown>;
    const source = c[kind] as { stream?: AsyncIterable<Buffer> } | Buffer;
    let size = 0;
    if (Buffer.isBuffer(source)) size = source.length;
    else if (source.stream) for await (const chunk of source.stream) size += chunk.length;
    return {
      kind,
      mimetype: String(c.mimetype ?? ''),
      size,
      ...(c.ptt ? { ptt: true } : {}),
      ...(typeof c.fileName === 'string' ? { fileName: c.fileName } : {}),
    };
  }
  return undefined;
}
