import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, chown, lstat, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from './embeddedPostgres.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const asRoot = process.getuid?.() === 0;

async function query(url: string, sql: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }));
}

/** A directory only its owner can enter, like a clone under /root or in `mktemp -d`. */
async function privateDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-private-'));
  await chmod(dir, 0o700);
  return dir;
}

describe('the embedded PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const start = async (dataDir: string): Promise<EmbeddedServer> => {
    const server = await startEmbeddedPostgres({ dataDir });
    cleanups.push(() => server.stop(), () => rm(server.dataDir, { recursive: true, force: true }));
    return server;
  };
  const privateDir = async () => {
    const dir = await privateDirectory();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('starts from a directory only its owner can enter and keeps the data across restarts', async () => {
    const dir = await privateDir();
    const dataDir = path.join(dir, 'atendo', '.data', 'postgres');

    const first = await start(dataDir);
    await query(first.url, 'CREATE TABLE notes (body text)');
    await query(first.url, 'INSERT INTO notes VALUES ($1)', ['written before the restart']);
    await first.stop();

    const second = await start(dataDir);
    expect(await query(second.url, 'SELECT body FROM notes')).toEqual([{ body: 'written before the restart' }]);
    await second.stop();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it.runIf(asRoot)('as root, serves the data as the postgres user from outside the private directory, linked from DATA_DIR', async () => {
    const [one, two] = [await privateDir(), await privateDir()];
    const a = await start(path.join(one, 'postgres'));
    const b = await start(path.join(two, 'postgres'));

    expect(a.dataDir).not.toBe(b.dataDir);
    expect((await lstat(path.join(one, 'postgres'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(one, 'postgres'))).toBe(a.dataDir);
    expect((await stat(path.join(a.dataDir, 'PG_VERSION'))).uid).toBe(uidOf('postgres'));
    const pid = (await readFile(path.join(a.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0];
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(uidOf('postgres')));

    await query(a.url, 'CREATE TABLE only_in_a (id int)');
    expect(await query(b.url, `SELECT to_regclass('only_in_a') AS t`)).toEqual([{ t: null }]);
  });

  // A normal user needs the checkout to be readable by them; a clone in a private directory of root's is not.
  const nobodyCanRead = asRoot && spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', path.join(repoRoot, 'package.json')]).status === 0;

  it.runIf(nobodyCanRead)('works for a normal user from a private directory of their own', async () => {
    const dir = await privateDir();
    await chown(dir, uidOf('nobody'), Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })));
    const dataDir = path.join(dir, 'data', 'postgres');
    const script = `
      import pg from 'pg';
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'embeddedPostgres.ts'))};
      const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query('CREATE TABLE IF NOT EXISTS visits (at timestamptz DEFAULT now())');
      await client.query('INSERT INTO visits DEFAULT VALUES');
      const { rows } = await client.query('SELECT count(*)::int AS n FROM visits');
      await client.end();
      await server.stop();
      console.log(JSON.stringify({ visits: rows[0].n, dataDir: server.dataDir }));
    `;
    const runAsNobody = () => {
      const result = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '--import', 'tsx', '--input-type=module', '--eval', script], {
        cwd: repoRoot,
        env: { ...process.env, HOME: dir },
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { visits: number; dataDir: string };
    };

    expect(runAsNobody()).toEqual({ visits: 1, dataDir });
    expect(runAsNobody()).toEqual({ visits: 2, dataDir });
    expect((await stat(path.join(dataDir, 'PG_VERSION'))).uid).toBe(uidOf('nobody'));
  });
});
