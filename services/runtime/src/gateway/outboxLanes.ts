import type { Position } from '@atendo/contracts';

interface Task {
  eventId: string;
  work: () => Promise<void>;
}

interface Lane {
  tasks: Task[];
  /** The task being worked, settled when it is done (stop waits for it). */
  running: Promise<void> | undefined;
}

/**
 * The gateway's outbound lanes (issue 32): one per connection. The log is read in order by one subscription, and each
 * reply is handed at once to its connection's lane, which sends in order. A reply that cannot go (a bad file, a slow
 * store, a session that hangs) holds only its own number's later replies, and only for its retry bound: no company's
 * reply waits behind another's.
 *
 * The checkpoint never passes a reply a lane has not finished: it is the position just before the oldest unfinished
 * one (or the last position read when every lane is idle). After a crash what was unfinished is read again, and what a
 * lane had already finished is recognised by its recorded outcome and skipped.
 */
export class OutboxLanes {
  private readonly lanes = new Map<number, Lane>();
  /** Unfinished tasks by event id, in log order, each with the checkpoint that is safe while it is unfinished. */
  private readonly unfinished = new Map<string, Position>();
  private last: Position;
  private stopping = false;

  constructor(after: Position) {
    this.last = after;
  }

  /** The position every event up to which is finished. */
  safe(): Position {
    for (const before of this.unfinished.values()) return before;
    return this.last;
  }

  /** An event read that needs no lane (or was handled inline): the checkpoint may pass it once earlier tasks finish. */
  passed(position: Position): void {
    // Once stopping, nothing more is taken, so nothing read after may move the checkpoint past what was not taken.
    if (this.stopping) return;
    this.last = position;
  }

  /** Queues an event's work on its connection's lane. `before` is the position of the event read before it. */
  add(connectionId: number, eventId: string, position: Position, before: Position, work: () => Promise<void>): void {
    if (this.stopping) return;
    this.unfinished.set(eventId, before);
    this.last = position;
    let lane = this.lanes.get(connectionId);
    if (!lane) this.lanes.set(connectionId, (lane = { tasks: [], running: undefined }));
    lane.tasks.push({ eventId, work });
    if (!lane.running) lane.running = this.drain(connectionId, lane);
  }

  /** Takes no more work and waits for each lane's current task (its own bounds end it). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.lanes.values()].map((lane) => lane.running));
  }

  private async drain(connectionId: number, lane: Lane): Promise<void> {
    while (lane.tasks.length > 0 && !this.stopping) {
      const task = lane.tasks[0]!;
      // A task handles its own failures within its bound; one that still throws is left for the next start.
      const finished = await task.work().then(
        () => true,
        () => false,
      );
      if (!finished) break;
      lane.tasks.shift();
      this.unfinished.delete(task.eventId);
    }
    lane.running = undefined;
    if (lane.tasks.length === 0) this.lanes.delete(connectionId);
  }
}
