import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embeddedPostgres.js';

export interface Database {
  url: string;
  embedded: EmbeddedServer | undefined;
}

/** DATABASE_URL when set; otherwise the embedded server, its data kept in DATA_DIR/postgres (as root, where that links to). */
export async function resolveDatabase(config: Config, log: Logger): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: undefined };
  const dataDir = path.join(config.dataDir, 'postgres');
  log.info({ dataDir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres({ dataDir, onLog: (line) => log.debug({ postgres: line.trim() }) });
  log.info({ url: embedded.url.replace(/:[^:@]*@/, ':***@'), cluster: embedded.dataDir }, 'embedded PostgreSQL ready');
  return { url: embedded.url, embedded };
}
