import type { Knex } from 'knex';
import type { Logger } from '../../logger.js';
import { LeaderLoop, type LeaderLoopOptions } from './leaderLoop.js';

/** What every runner of the jobs role is given. */
export interface RunnerOptions {
  /** The read models and the runner's own tables. */
  knex: Knex;
  /** Where the leader lock is taken (one jobs node works at a time; the others stand by). */
  databaseUrl: string;
  log: Logger;
  /** What time it is: tests move it forward instead of waiting. */
  clock?: () => Date;
}

/**
 * A jobs-role process that one node runs at a time: a `LeaderLoop` whose tick is the process's `look`. A runner says
 * what one look does and how long to wait after it; starting, stopping (after the look in hand, then the lock let go)
 * and poking are the loop's.
 */
export abstract class LeaderProcess {
  /** The process's name in the feature list's processes (and the logs). */
  abstract readonly name: string;
  protected readonly loop: LeaderLoop;
  /** What time it is: tests move it forward instead of waiting. */
  protected readonly clock: () => Date;

  constructor(options: Omit<LeaderLoopOptions, 'tick'> & { clock?: () => Date }) {
    const { clock, ...loop } = options;
    this.clock = clock ?? (() => new Date());
    this.loop = new LeaderLoop({ ...loop, tick: () => this.look() });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop(() => this.beforeRelease());
  }

  /** Looks for work now instead of at the next tick (tests after moving the clock, or new work). */
  poke(): void {
    this.loop.poke();
  }

  /** One look for work, while this node leads: answers how long to wait before the next (0: at once). */
  protected abstract look(): Promise<number>;

  /** What stopping does after the last look, before the lock is let go (a follower to stop, state to store). */
  protected async beforeRelease(): Promise<void> {}
}

/**
 * Does `work` for each company one after the other and adds up what it answers. One company's failure (its data, a
 * stream that cannot be read) is handed to `failed` and counts nothing: the companies after it are done all the same,
 * and the failing one is tried again at the next look.
 */
export async function eachCompany<C>(companies: Iterable<C>, work: (company: C) => Promise<number>, failed: (company: C, err: unknown) => void): Promise<number> {
  let done = 0;
  for (const company of companies) {
    done += await work(company).catch((err: unknown) => {
      failed(company, err);
      return 0;
    });
  }
  return done;
}
