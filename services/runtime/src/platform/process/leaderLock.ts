import pg from 'pg';
import type { Logger } from '../../logger.js';

/**
 * A PostgreSQL session-level advisory lock on a connection of its own: the jobs node holding it does the work, the
 * others stand by and ask again; if the holder's connection drops, the lock goes with it and a standby takes over.
 */
export class LeaderLock {
  private client: pg.Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly name: string,
    private readonly log: Logger,
  ) {}

  /** Whether this process holds the lock (taking it if it is free). */
  async held(): Promise<boolean> {
    if (this.client) return true;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [this.name]);
    if (rows[0]?.ok) {
      this.client = client;
      this.log.info({ lock: this.name }, 'this node leads');
      return true;
    }
    await client.end().catch(() => undefined);
    return false;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
