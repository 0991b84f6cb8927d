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

/** A fixed document of 20,000 small records (about 1.9 MB of JSON), the same on every run. */
const REFERENCE = JSON.stringify(
  Array.from({ length: 20_000 }, (_, i) => ({ id: i, body: `Olá, aqui é o cliente ${i}`, at: new Date(Date.UTC(2026, 10, 1, 8, 0, 0, i)).toISOString(), acks: [1, 2, 3] })),
);

/**
 * How fast one core is right now: parses of a fixed JSON document per second, for a second. These machines share
 * their host, and on 2026-11-23 the same machine ran a JSON loop like this one at half the speed of half an hour
 * before; a section's figures are only comparable with another run's at a similar score.
 */
export function cpuScore(): number {
  const started = process.hrtime.bigint();
  let parses = 0;
  while (process.hrtime.bigint() - started < 1_000_000_000n) {
    JSON.parse(REFERENCE);
    parses++;
  }
  return parses;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
