import { CLOSE_UNAUTHORISED, type ClientMessage, type ServerMessage } from '@atendo/contracts';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting';
export type EntryHandler = (payload: Record<string, unknown>) => void;

const MAX_BACKOFF_MS = 10_000;

export interface RealtimeClientOptions {
  /** ws(s)://host/socket */
  url: string;
  getToken(): string | null;
  refreshToken(): Promise<string>;
  /** Calls `listener` with each token the session gets by a refresh (any caller's); returns an unsubscribe function. */
  onTokenRefreshed(listener: (token: string) => void): () => void;
  endSession(): void;
}

/**
 * The company's realtime feed over one WebSocket. It authenticates with its first message (never in the URL),
 * re-sends each refreshed token so the server keeps the socket open past the old token's expiry, remembers the last
 * sequence it saw and reconnects with it, so the server replays what was missed while the connection was down.
 */
export class RealtimeClient {
  private socket: WebSocket | undefined;
  private lastSeq: number | undefined;
  private attempts = 0;
  /** Set once a 4401 led to a token refresh; a second 4401 before the socket is ready ends the session. */
  private refreshedForSocket = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private readonly entryHandlers = new Map<string, Set<EntryHandler>>();
  private readonly reloadHandlers = new Set<() => void>();
  private readonly stateHandlers = new Set<(state: ConnectionState) => void>();
  private current: ConnectionState = 'connecting';
  private unsubscribeToken: (() => void) | undefined;

  constructor(private readonly options: RealtimeClientOptions) {}

  get state(): ConnectionState {
    return this.current;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribeToken = this.options.onTokenRefreshed((token) => {
      if (this.socket?.readyState === WebSocket.OPEN) this.sendMessage(this.socket, { type: 'auth', token });
    });
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribeToken?.();
    clearTimeout(this.timer);
    this.socket?.close();
    this.socket = undefined;
  }

  /** Entries whose event is exactly `event` (e.g. `company-7-ticket`). */
  subscribe(event: string, handler: EntryHandler): () => void {
    const handlers = this.entryHandlers.get(event) ?? new Set();
    handlers.add(handler);
    this.entryHandlers.set(event, handlers);
    return () => handlers.delete(handler);
  }

  /** The server could not replay what was missed: lists must be fetched again. */
  onReload(handler: () => void): () => void {
    this.reloadHandlers.add(handler);
    return () => this.reloadHandlers.delete(handler);
  }

  onStateChange(handler: (state: ConnectionState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.options.url);
    socket.onopen = () => this.sendMessage(socket, { type: 'auth', token: this.options.getToken() ?? '', lastSeq: this.lastSeq });
    socket.onmessage = (event: MessageEvent<string>) => this.receive(JSON.parse(event.data) as ServerMessage);
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
    this.socket = socket;
  }

  private sendMessage(socket: WebSocket, message: ClientMessage): void {
    socket.send(JSON.stringify(message));
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'ready':
        this.lastSeq = message.seq;
        this.attempts = 0;
        this.refreshedForSocket = false;
        this.setState('online');
        break;
      case 'entry':
        this.lastSeq = message.seq;
        for (const handler of this.entryHandlers.get(message.event) ?? []) handler(message.payload);
        break;
      case 'reload':
        for (const handler of this.reloadHandlers) handler();
        break;
      case 'error':
        // The close that follows (4401) says what to do.
        break;
      default: {
        const unknown: never = message;
        console.warn('unknown realtime message', unknown);
      }
    }
  }

  private closed(code: number): void {
    this.socket = undefined;
    if (this.stopped) return;
    this.setState('reconnecting');
    if (code === CLOSE_UNAUTHORISED) {
      if (this.refreshedForSocket) {
        this.options.endSession();
        return;
      }
      this.refreshedForSocket = true;
      this.options.refreshToken().then(
        () => this.connect(),
        () => {
          this.refreshedForSocket = false;
          this.retryLater();
        },
      );
      return;
    }
    this.retryLater();
  }

  /** 1 s, 2 s, 4 s, 8 s, then every 10 s. */
  private retryLater(): void {
    const delay = Math.min(1000 * 2 ** this.attempts, MAX_BACKOFF_MS);
    this.attempts += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const handler of this.stateHandlers) handler(state);
  }
}
