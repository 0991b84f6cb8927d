import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { BufferJSON, initAuthCreds, type AnyMessageContent, type AuthenticationState, type MiscMessageGenerationOptions, type WAMessage } from '@whiskeysockets/baileys';
import type { BaileysSocket, SocketFactory, SocketOptions } from './baileysProvider.js';
import type { FakeWhatsapp } from './fakeWhatsapp.fixture.js';
import type { RawSocket } from './receiptGate.js';

/**
 * The fake WhatsApp across a process boundary, for crash tests: the platform runs as a process of its own (to be
 * SIGKILLed) with `FAKE_WHATSAPP_URL` set, and its Baileys provider gets sockets that talk over a local WebSocket to
 * a FakeWhatsapp in the test process, as a real one talks to WhatsApp's servers. What the fake socket does on the
 * server side (its events, the frames it writes, the trace lines Baileys would log) is replayed in the platform's
 * process in the same order, so the receipt gate and the journal there see what they would see with Baileys.
 */

type Wire =
  | { t: 'hello'; connectionId: number; creds: { registered: boolean; me?: { id: string; lid?: string; name?: string } } }
  | { t: 'frame'; data: string }
  | { t: 'call'; seq: number; method: 'sendMessage' | 'logout' | 'rejectCall' | 'onWhatsApp'; args: unknown[] }
  | { t: 'ev'; name: string; arg: unknown }
  | { t: 'ws'; name: string; arg: unknown }
  | { t: 'log'; xml: string }
  | { t: 'send'; data: string }
  | { t: 'result'; seq: number; value?: unknown; error?: string };

const encode = (message: Wire) => JSON.stringify(message, BufferJSON.replacer);
const decode = (data: WebSocket.RawData) => JSON.parse(String(data), BufferJSON.reviver) as Wire;

/** Serves a FakeWhatsapp to platforms in other processes. */
export async function serveFakeWhatsapp(whatsapp: FakeWhatsapp): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (wire) => {
    const send = (message: Wire) => wire.readyState === WebSocket.OPEN && wire.send(encode(message));
    let socket: BaileysSocket & { connectionId: number; ended: boolean; ws: EventEmitter & { socket: RawSocket }; ev: EventEmitter } & { end(): void };
    wire.on('message', async (data) => {
      const message = decode(data);
      if (message.t === 'hello') {
        const auth = { creds: { ...initAuthCreds(), ...message.creds }, keys: {} } as unknown as AuthenticationState;
        const logger = { level: 'trace', trace: (o: { msg?: string; xml?: string }) => o.msg === 'xml send' && send({ t: 'log', xml: o.xml! }) };
        socket = whatsapp.factory({ connectionId: message.connectionId, auth, version: [2, 3000, 0], getMessage: async () => undefined, logger } as unknown as SocketOptions) as typeof socket;
        // What the fake socket emits and writes happens in the platform's process, in the same order.
        socket.ev.emit = (name: string, arg: unknown) => send({ t: 'ev', name, arg }) || true;
        socket.ws.emit = (name: string, arg: unknown) => send({ t: 'ws', name, arg }) || true;
        socket.ws.socket = { send: (frame, cb) => (send({ t: 'send', data: String(frame) }), cb?.()) };
        return;
      }
      if (message.t === 'frame') return whatsapp.receive(socket.connectionId, message.data);
      if (message.t === 'call') {
        try {
          const method = socket[message.method] as (...args: unknown[]) => Promise<unknown>;
          send({ t: 'result', seq: message.seq, value: await method.apply(socket, message.args) });
        } catch (error) {
          send({ t: 'result', seq: message.seq, error: error instanceof Error ? error.message : String(error) });
        }
      }
    });
    wire.on('close', () => socket?.end());
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** The platform's side: sockets that reach a FakeWhatsapp served by `serveFakeWhatsapp`. */
export function remoteSocketFactory(url: string): SocketFactory {
  return (options) => new RemoteSocket(url, options);
}

class RemoteSocket implements BaileysSocket {
  readonly ev = new EventEmitter();
  readonly ws: EventEmitter & { socket: RawSocket };
  user: BaileysSocket['user'];
  private readonly wire: WebSocket;
  private readonly calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private seq = 0;
  private ended = false;

  constructor(url: string, private readonly options: SocketOptions) {
    this.wire = new WebSocket(url);
    this.ws = Object.assign(new EventEmitter(), {
      socket: {
        send: (data: unknown, cb?: (error?: Error) => void) => {
          if (this.wire.readyState !== WebSocket.OPEN) return cb?.(new Error('Connection Closed'));
          this.wire.send(encode({ t: 'frame', data: String(data) }));
          cb?.();
        },
      },
    });
    const creds = options.auth.creds;
    this.wire.on('open', () =>
      this.wire.send(encode({ t: 'hello', connectionId: options.connectionId, creds: { registered: !!creds.registered, ...(creds.me ? { me: creds.me } : {}) } })),
    );
    this.wire.on('message', (data) => this.receive(decode(data)));
    this.wire.on('error', () => undefined);
    // WhatsApp went away (the test's server closed): as a lost connection.
    this.wire.on('close', () => {
      if (this.ended) return;
      this.ended = true;
      for (const call of this.calls.values()) call.reject(new Error('Connection Closed'));
      this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: Object.assign(new Error('lost'), { output: { statusCode: 408 } }) } });
    });
  }

  private receive(message: Wire): void {
    if (this.ended) return;
    switch (message.t) {
      case 'ev': {
        // As Baileys: the credentials are merged before `creds.update` is emitted; the user comes from them.
        if (message.name === 'creds.update') Object.assign(this.options.auth.creds, message.arg);
        const update = message.arg as { connection?: string };
        if (message.name === 'connection.update' && update.connection === 'open') {
          const me = this.options.auth.creds.me;
          this.user = me ? { id: me.id, ...(me.lid ? { lid: me.lid } : {}) } : undefined;
        }
        this.ev.emit(message.name, message.arg);
        return;
      }
      case 'ws':
        this.ws.emit(message.name, message.arg);
        return;
      case 'log':
        if (this.options.logger.level === 'trace') this.options.logger.trace({ xml: message.xml, msg: 'xml send' });
        return;
      case 'send':
        this.ws.socket.send(message.data, () => undefined);
        return;
      case 'result': {
        const call = this.calls.get(message.seq);
        this.calls.delete(message.seq);
        if (message.error !== undefined) call?.reject(new Error(message.error));
        else call?.resolve(message.value);
        return;
      }
    }
  }

  private call<T>(method: Extract<Wire, { t: 'call' }>['method'], args: unknown[]): Promise<T> {
    if (this.ended || this.wire.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Connection Closed'));
    const seq = ++this.seq;
    this.wire.send(encode({ t: 'call', seq, method, args }));
    return new Promise((resolve, reject) => this.calls.set(seq, { resolve: resolve as (value: unknown) => void, reject }));
  }

  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    // Files are streams, which do not cross the wire: the crash tests send text.
    if (!('text' in content)) return Promise.reject(new Error('the remote fake WhatsApp sends text only'));
    return this.call('sendMessage', [jid, content, options?.messageId ? { messageId: options.messageId } : undefined]);
  }

  logout(): Promise<void> {
    return this.call('logout', []);
  }

  rejectCall(callId: string, callFrom: string): Promise<void> {
    return this.call('rejectCall', [callId, callFrom]);
  }

  onWhatsApp(...jids: string[]): Promise<Array<{ jid: string; exists: boolean }> | undefined> {
    return this.call('onWhatsApp', jids);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.wire.terminate();
  }
}
