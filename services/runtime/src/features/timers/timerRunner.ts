import { nameBasedUuid, type ContactStreamService } from '@atendo/core';
import { ConnectionTimers, dropTimers, TimerQueries, type DueTimer } from '@atendo/read';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';

export interface TimerRunnerOptions extends RunnerOptions {
  conversations: ContactStreamService;
  /** Longest wait between two looks at the table (the lateness of a timer armed for sooner than the next known one). */
  idleMs?: number;
  /** Timers read per look. */
  batch?: number;
  /** Conversations fired at once. */
  concurrency?: number;
}

/**
 * The jobs role's timer runner (issue 11): reads the armed timers (the `timers` read model, from `TimerArmed` events)
 * that are due, and sends each its `FireTimer` command; the decider checks that the timer still applies and appends
 * what it does. Nothing lives only in memory: a restart, or a deadline missed while the role was down, finds the
 * rows still there and fires them on start. A timer whose rule stopped applying decides nothing, and its row goes;
 * so does one of a kind no composed family fires (`timerKinds`: a feature taken out of the list), without a command.
 */
export class TimerRunner extends LeaderProcess {
  readonly name = 'timers';
  private readonly timers: TimerQueries;
  private readonly settings: ConnectionTimers;
  /** Timers whose command failed, and when they are tried again. */
  private readonly failing = new Map<string, number>();
  /** Timers fired since start (for the benchmark and the logs). */
  fired = 0;

  constructor(private readonly options: TimerRunnerOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:timers', log: options.log, what: 'timer runner', clock: options.clock });
    this.timers = new TimerQueries(options.knex);
    this.settings = new ConnectionTimers(options.knex);
  }

  /** The loop's tick: fires what is due; answers the wait until the next look. */
  protected async look(): Promise<number> {
    const idleMs = this.options.idleMs ?? 250;
    const { looked, tried } = await this.fireDue();
    // A full batch: more are due now. Due ones that all wait for a retry: the next tick.
    if (looked === (this.options.batch ?? 1000) && tried > 0) return 0;
    if (tried === 0 && looked > 0) return idleMs;
    const next = await this.timers.next();
    return next ? Math.max(0, Math.min(idleMs, next.getTime() - this.clock().getTime())) : idleMs;
  }

  /** Fires the timers due now (a batch at most): answers how many rows it looked at and how many it tried. */
  async fireDue(): Promise<{ looked: number; tried: number }> {
    const now = this.clock();
    const rows = await this.timers.due(now, this.options.batch ?? 1000);
    const key = (t: DueTimer) => `${t.streamId}\u0000${t.ticketId}\u0000${t.kind}\u0000${t.dueAt}`;
    for (const [k, retryAt] of this.failing) if (retryAt <= now.getTime() - 60_000) this.failing.delete(k);
    const kinds = new Set<string>(this.options.conversations.decider.timerKinds);
    const unknown = rows.filter((t) => !kinds.has(t.kind));
    if (unknown.length) this.options.log.warn({ kinds: [...new Set(unknown.map((t) => t.kind))], timers: unknown.length }, 'timers of a kind no rule family fires are dropped');
    const todo = rows.filter((t) => kinds.has(t.kind) && (this.failing.get(key(t)) ?? 0) <= now.getTime());
    // One conversation's timers one after the other (they would only conflict); conversations side by side.
    const byStream = new Map<string, DueTimer[]>();
    for (const t of todo) byStream.set(t.streamId, [...(byStream.get(t.streamId) ?? []), t]);
    const queue = [...byStream.values()];
    const done: DueTimer[] = [...unknown];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const timer of group) {
          try {
            await this.fire(timer);
            done.push(timer);
            this.failing.delete(key(timer));
          } catch (err) {
            this.failing.set(key(timer), now.getTime() + 5_000);
            this.options.log.error({ err, timer }, 'a timer could not fire; it is tried again in 5 s');
          }
        }
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency ?? 64 }, worker));
    // Fired or moot, their rows go now: the next look finds the ones still due (the projection's own delete of a
    // fired one, when it gets there, finds nothing; one armed again since has another due time and stays).
    await dropTimers(this.options.knex, done);
    return { looked: rows.length, tried: todo.length };
  }

  /** Sends one timer's command; answers whether it did anything. */
  private async fire(timer: DueTimer): Promise<boolean> {
    const settings = timer.whatsappId === null ? null : await this.settings.of(timer.whatsappId);
    const result = await this.options.conversations.execute(
      timer.streamId,
      {
        type: 'FireTimer',
        ticketId: timer.ticketId,
        kind: timer.kind,
        dueAt: timer.dueAt,
        // The same timer fired twice says its message once: its id comes from the timer.
        inactivity: { messageId: nameBasedUuid(`atendo:timer:${timer.streamId}:${timer.ticketId}:${timer.kind}:${timer.dueAt}`), body: settings?.inactivityMessage ?? '' },
        transferQueueId: settings?.transferQueueId ?? null,
      },
      { actor: { type: 'system', name: 'jobs' }, occurredAt: this.clock() },
    );
    if (result.events.length) this.fired++;
    return result.events.length > 0;
  }
}
