import type { MediaStorage } from '@atendo/api';
import { LeaderProcess, type RunnerOptions } from '../../platform/process/leaderProcess.js';

/** How long an upload may wait for a save to name it before it is collected (issue 32): a day. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3600_000;
const IDLE_MS = 10 * 60_000;

export interface MediaSweeperOptions extends Omit<RunnerOptions, 'knex'> {
  /** The companies' uploads (and their tables). */
  storage: MediaStorage;
}

/**
 * The jobs role's collector of unused uploads: what a company uploaded (POST /media, a flow block's file) and no save
 * named within a day is deleted, and its room in the plan's storage given back. Company by company, each under its
 * own lock (MediaStorage.sweepUnused); a company whose files cannot be deleted now is logged and tried at the next look.
 */
export class MediaSweeper extends LeaderProcess {
  readonly name = 'media';

  constructor(private readonly options: MediaSweeperOptions) {
    super({ databaseUrl: options.databaseUrl, lock: 'atendo:jobs:media', log: options.log, what: 'media sweeper', clock: options.clock });
  }

  protected async look(): Promise<number> {
    const { swept, failed } = await this.options.storage.sweepUnused(new Date(this.clock().getTime() - UNUSED_UPLOAD_GRACE_MS));
    for (const { companyId, error } of failed) this.options.log.warn({ err: error, companyId }, 'unused uploads could not be deleted; trying again later');
    if (swept > 0) this.options.log.info({ swept }, 'unused uploads deleted');
    // A full batch may leave more behind: look again at once.
    return swept > 0 ? 0 : IDLE_MS;
  }
}
