import type { Knex } from 'knex';
import type { Position, RecordedEvent } from '@atendo/contracts';
import type { EventStore, Subscription } from '@atendo/platform';
import { readCheckpoint } from '@atendo/read';
import type { Logger } from '../../logger.js';

export interface LogFollowerOptions {
  knex: Knex;
  store: EventStore;
  log: Logger;
  /** The follower's row in `projection_checkpoints`: where it stands in the log, kept like a read model's. */
  checkpoint: string;
  /** What follows the log, for its log lines ("flow runner"). */
  what: string;
  /** Events handed over at a time (1,000). */
  maxCount?: number;
  /** Acts on a batch; the checkpoint moves past it once this has settled (a failure leaves it where it was). */
  handle(batch: RecordedEvent[]): Promise<void>;
}

/** Stores where a follower of the log stands (one row of `projection_checkpoints`, written over). */
export async function storeCheckpoint(knex: Knex, name: string, position: Position): Promise<void> {
  await knex.raw(
    `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position, updated_at = now()`,
    [name, position.commit, position.prepare],
  );
}

/**
 * A process's reading of the log from its checkpoint: it subscribes from the stored position, hands each batch to
 * `handle`, then stores the batch's last position. A crash between the two hands the batch over again on the next
 * start, so what `handle` does must be safe to repeat.
 */
export class LogFollower {
  private subscription: Subscription | null = null;

  constructor(private readonly options: LogFollowerOptions) {}

  /** Between start and stop. */
  get following(): boolean {
    return this.subscription !== null;
  }

  async start(): Promise<void> {
    const { knex, store, log, checkpoint, what } = this.options;
    const after = await readCheckpoint(knex, checkpoint);
    this.subscription = store.subscribe(
      {
        after,
        maxCount: this.options.maxCount ?? 1_000,
        onState: (state) => (state.status === 'retrying' ? log.warn({ err: state.error }, `${what} cannot read the log; retrying`) : undefined),
        onError: (err) => log.fatal({ err }, `${what} stopped following the log`),
      },
      async (batch) => {
        await this.options.handle(batch);
        await storeCheckpoint(knex, checkpoint, batch[batch.length - 1]!.position);
      },
    );
  }

  /** Stops after the batch in hand (and its checkpoint). */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }
}
