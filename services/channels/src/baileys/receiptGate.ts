/**
 * Holds Baileys' delivery receipts until the platform has journaled the messages they confirm.
 *
 * Baileys tells WhatsApp "delivered" (a `<receipt>` frame) before it emits `messages.upsert`; from that frame on,
 * WhatsApp will not deliver the message again, so a process killed between the two would lose it. The gate sits
 * on the raw WebSocket under Baileys: a receipt for a customer's message, and every frame after it (the noise
 * cipher numbers frames, so their order cannot change), waits here until the journal has those messages. Baileys
 * is told at once that the frame went out, so it goes on to emit the upsert. Frames that are not held pass
 * straight through. A socket that ends drops what it held: WhatsApp redelivers those messages to the next socket.
 *
 * Which messages a frame confirms is read from Baileys' own trace line for each node it sends (`xml send`), written
 * synchronously just before the frame, in `binaryNodeToString`'s form: `<receipt id='…' to='…' type='…'>` with
 * further ids as `<item id='…'/>` children.
 */

/** The raw socket Baileys writes to (the `ws` WebSocket inside its WebSocketClient). */
export interface RawSocket {
  send(data: unknown, cb?: (error?: Error) => void): void;
}

interface HeldFrame {
  data: unknown;
  /** Messages still to be journaled before this frame may go. */
  waitingFor: Set<string>;
  heldAt: number;
}

/** Receipt types that confirm a message from someone else (not our own sends from the phone, reads or retries). */
const DELIVERY_RECEIPTS = new Set([undefined, 'inactive']);

export interface ReceiptGateOptions {
  /** A frame held longer than this goes anyway (a message Baileys confirmed but never emitted must not stall the socket). */
  maxHoldMs?: number;
  now?: () => number;
  onOverdue?: (ids: string[]) => void;
}

export class ReceiptGate {
  private readonly held: HeldFrame[] = [];
  /** Ids the next frame confirms (set by the trace line just before Baileys writes it). */
  private next: string[] | undefined;
  /** Journaled before their receipt was seen (a fake or a future Baileys may emit first): not waited for. Made when needed. */
  private early: Set<string> | undefined;
  private raw: RawSocket | undefined;
  private rawSend: RawSocket['send'] | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly maxHoldMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ReceiptGateOptions = {}) {
    this.maxHoldMs = options.maxHoldMs ?? 20_000;
    this.now = options.now ?? Date.now;
  }

  /** A logger for Baileys: it reads the `xml send` trace lines and nothing else. */
  logger(): BaileysLogger {
    const quiet = SILENT;
    const logger: BaileysLogger = {
      ...quiet,
      level: 'trace',
      trace: (obj: unknown) => {
        const line = obj as { msg?: string; xml?: string } | undefined;
        if (line?.msg === 'xml send' && typeof line.xml === 'string') this.sending(line.xml);
      },
      // Baileys' parts (signal store, noise handler) log through children: those stay quiet and cheap.
      child: () => quiet,
    };
    return logger;
  }

  /** Wraps the raw socket's send. */
  attach(raw: RawSocket | null | undefined): void {
    if (!raw || this.raw) return;
    this.raw = raw;
    this.rawSend = raw.send.bind(raw);
    raw.send = (data, cb) => this.send(data, cb);
  }

  /** Baileys is about to write this node. */
  sending(xml: string): void {
    const ids = confirmedBy(xml);
    if (!ids) return;
    this.next = ids;
    // The frame follows in the same synchronous run; a send that never happened (a closed socket) clears it.
    queueMicrotask(() => {
      if (this.next === ids) this.next = undefined;
    });
  }

  private send(data: unknown, cb?: (error?: Error) => void): void {
    const ids = this.next;
    this.next = undefined;
    const waitingFor = new Set((ids ?? []).filter((id) => !this.early?.delete(id)));
    if (this.closed) return cb?.(new Error('Connection Closed'));
    if (!waitingFor.size && !this.held.length) return this.rawSend!(data, cb);
    this.held.push({ data, waitingFor, heldAt: this.now() });
    this.arm();
    cb?.();
  }

  /** These messages are safe in the journal: frames waiting only for them go, in order. */
  journaled(ids: Iterable<string>): void {
    for (const id of ids) {
      let found = false;
      for (const frame of this.held) if (frame.waitingFor.delete(id)) found = true;
      if (!found) {
        this.early ??= new Set();
        this.early.add(id);
        // Bounded: an id whose receipt never comes (our own sends, stubs) is not kept for ever.
        if (this.early.size > 1_000) this.early.delete(this.early.values().next().value!);
      }
    }
    this.drain();
  }

  /** The socket ended: nothing held goes out, so WhatsApp delivers those messages again. */
  close(): void {
    this.closed = true;
    this.held.length = 0;
    this.early = undefined;
    clearTimeout(this.timer);
  }

  /** Frames held now (for tests and the bench). */
  heldCount(): number {
    return this.held.length;
  }

  private drain(): void {
    while (this.held.length && (this.held[0]!.waitingFor.size === 0 || this.now() - this.held[0]!.heldAt >= this.maxHoldMs)) {
      const frame = this.held.shift()!;
      if (frame.waitingFor.size) this.options.onOverdue?.([...frame.waitingFor]);
      this.rawSend!(frame.data, () => undefined);
    }
    if (!this.held.length) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private arm(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
      if (this.held.length) this.arm();
    }, this.maxHoldMs);
    this.timer.unref?.();
  }
}

/** The ids of the messages a delivery receipt confirms, or undefined when the node is not one. */
export function confirmedBy(xml: string): string[] | undefined {
  const head = /^<receipt ([^>]*?)\/?>/.exec(xml);
  if (!head) return undefined;
  const attrs = Object.fromEntries([...head[1]!.matchAll(/(\S+?)='([^']*)'/g)].map((m) => [m[1], m[2]]));
  if (!DELIVERY_RECEIPTS.has(attrs.type) || !attrs.id) return undefined;
  return [attrs.id, ...[...xml.matchAll(/<item id='([^']*)'/g)].map((m) => m[1]!)];
}

export interface BaileysLogger {
  level: string;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  fatal(obj: unknown, msg?: string): void;
  child(bindings: unknown): BaileysLogger;
}

const noop = () => undefined;
const SILENT: BaileysLogger = { level: 'silent', trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, child: () => SILENT };

/** Baileys logs a lot at info; the provider reports what matters itself. */
export function silentLogger(): BaileysLogger {
  return SILENT;
}
