import type { Logger } from '../../logger.js';
import { LeaderLock } from './leaderLock.js';

export interface LeaderLoopOptions {
  databaseUrl: string;
  /** The advisory lock's name: one jobs node runs this loop at a time, the others stand by. */
  lock: string;
  log: Logger;
  /** What the loop is, for its log lines ("timer runner"). */
  what: string;
  /** One look for work, while this node leads: answers how long to wait before the next (0: at once). */
  tick(): Promise<number>;
  /** How long a node standing by waits before it asks for the lock again (5 s). */
  standbyMs?: number;
  /** How long the loop waits after a failed tick (1 s). */
  retryMs?: number;
}

/**
 * The loop of a jobs-role process: while this node holds the process's leader lock, a tick does the work and says how
 * long to wait; a failed tick is logged and tried again a second later; standing by, it asks for the lock every 5 s
 * (both can be set).
 * `poke` ends a wait at once (tests after moving the clock, or new work).
 */
export class LeaderLoop {
  private readonly leader: LeaderLock;
  private active = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: LeaderLoopOptions) {
    this.leader = new LeaderLock(options.databaseUrl, options.lock, options.log);
  }

  /** Between start and stop. */
  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  /** Ends the loop after the tick in hand; `beforeRelease` runs before the lock is let go (its own clean-up). */
  async stop(beforeRelease?: () => Promise<void>): Promise<void> {
    this.active = false;
    this.wake?.();
    await this.loop;
    await beforeRelease?.();
    await this.leader.release();
  }

  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.active) {
      let wait: number;
      try {
        wait = (await this.leader.held()) ? await this.options.tick() : (this.options.standbyMs ?? 5_000);
      } catch (err) {
        this.options.log.error({ err }, `${this.options.what} failed; trying again`);
        wait = this.options.retryMs ?? 1_000;
      }
      if (wait <= 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
