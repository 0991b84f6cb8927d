import { comparePositions, type Position, type RecordedEvent } from '@atendo/contracts';

/** Under tests the shared events are frozen: a subscriber that changes one fails there, not in another subscriber. */
const FREEZE = process.env.NODE_ENV === 'test';

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/**
 * The latest stretch of the log that this process's subscriptions read, kept so that each event is read from the
 * database and decoded once, not once per subscription (a read role with the jobs role follows the log three times
 * over). Safe because every stretch read is final: a read returns only events of transactions older than every one
 * still running, so nothing can later appear between two events it returned (decision 0001). Subscriptions share
 * the events they are given and must not change them.
 */
export class LogTail {
  /** The events after `after`, in log order, with nothing missing between them. */
  private after: Position | undefined;
  private events: RecordedEvent[] = [];
  /** A read from the end of the stretch under way: a subscription at the same place waits for it instead. */
  private reading: { from: Position; result: Promise<RecordedEvent[]> } | undefined;

  constructor(
    private readonly read: (after: Position, maxCount: number) => Promise<RecordedEvent[]>,
    /** Events kept; the oldest are dropped past twice as many. */
    private readonly capacity = 10_000,
  ) {}

  /** Up to `maxCount` events after `from`: from memory when the stretch holds them, else from the database. */
  async readAfter(from: Position, maxCount: number): Promise<RecordedEvent[]> {
    const kept = this.kept(from, maxCount);
    if (kept) return kept;
    const reading = this.reading;
    if (reading && comparePositions(reading.from, from) === 0) return (await reading.result).slice(0, maxCount);
    const result = this.read(from, maxCount);
    const mine = { from, result };
    this.reading = mine;
    try {
      const events = await result;
      this.keep(from, events);
      return events;
    } finally {
      if (this.reading === mine) this.reading = undefined;
    }
  }

  /** The events after `from` if the stretch covers that place and has some after it. */
  private kept(from: Position, maxCount: number): RecordedEvent[] | undefined {
    const last = this.events.at(-1);
    if (!this.after || !last || comparePositions(from, this.after) < 0 || comparePositions(from, last.position) >= 0) return undefined;
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (comparePositions(this.events[mid]!.position, from) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo, lo + maxCount);
  }

  /** A read's events join the stretch when they continue it, or start a new one past its end. */
  private keep(from: Position, events: RecordedEvent[]): void {
    if (events.length === 0) return;
    if (FREEZE) for (const event of events) deepFreeze(event);
    const end = this.events.at(-1)?.position ?? this.after;
    if (end && comparePositions(from, end) === 0) {
      for (const event of events) this.events.push(event);
      if (this.events.length > 2 * this.capacity) {
        const drop = this.events.length - this.capacity;
        this.after = this.events[drop - 1]!.position;
        this.events = this.events.slice(drop);
      }
    } else if (!end || comparePositions(from, end) > 0) {
      this.after = from;
      this.events = events.slice();
    }
    // A read behind the stretch (a subscription catching up) leaves it as it is.
  }
}
