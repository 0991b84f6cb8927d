import type { ServerMessage } from '@atendo/contracts';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting';
export type EntryHandler = (payload: Record<string, unknown>) => void;

/** The server closes with this code when the token is missing, expired or invalid. */
const CLOSE_UNAUTHORISED = 4401;
const MAX_BACKOFF_MS = 10_000;

export interface RealtimeClientOptions {
  /** ws(s)://host/socket */
  url: string;
  getToken(): string | null;
  refreshToken(): Promise<string>;
  endSession(): void;
}

/**
 * The company's realtime feed over one WebSocket. It remembers the last sequence it saw and reconnects with it,
 * so the server replays what was missed while the connection was down.
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

  constructor(private readonly options: RealtimeClientOptions) {}

  get state(): ConnectionState {
    return this.current;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
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
    const params = new URLSearchParams({ token: this.options.getToken() ?? '' });
    if (this.lastSeq !== undefined) params.set('lastSeq', String(this.lastSeq));
    const socket = new WebSocket(`${this.options.url}?${params}`);
    socket.onmessage = (event: MessageEvent<string>) => this.receive(JSON.parse(event.data) as ServerMessage);
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
    this.socket = socket;
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
