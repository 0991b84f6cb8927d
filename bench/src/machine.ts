import os from 'node:os';
import pg from 'pg';

/** A one-line description of where a benchmark ran, for docs/benchmarks.md. */
export async function describeMachine(databaseUrl: string, embedded: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  await client.end();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, PostgreSQL ${version} (${embedded ? 'embedded' : 'DATABASE_URL'})`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
