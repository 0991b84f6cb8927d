import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readlink, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { featureNames } from '../tools/new-feature/names.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');
const NAME = 'proofCards';

/** Runs a command in the copy; its output is shown when it fails. */
async function inCopy(dir: string, command: string, args: string[], env: Record<string, string> = {}) {
  try {
    return await run(command, args, { cwd: dir, env: { ...process.env, ...env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout.slice(-6000)}\n${stderr.slice(-4000)}`);
  }
}

/** The files git tracks, as this checkout has them: what a clean checkout holds. */
async function copyCheckout(to: string) {
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(to, file)), { recursive: true });
    await cp(path.join(REPO, file), path.join(to, file), { verbatimSymlinks: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // a file deleted in the working tree and not yet committed
    });
  }
  // The installed packages are shared; the workspace's own packages are the copy's (their links are relative).
  await mkdir(path.join(to, 'node_modules', '@atendo'), { recursive: true });
  for (const entry of await readdir(path.join(REPO, 'node_modules'))) {
    if (entry !== '@atendo') await symlink(path.join(REPO, 'node_modules', entry), path.join(to, 'node_modules', entry));
  }
  for (const entry of await readdir(path.join(REPO, 'node_modules', '@atendo'))) {
    await symlink(await readlink(path.join(REPO, 'node_modules', '@atendo', entry)), path.join(to, 'node_modules', '@atendo', entry));
  }
  await inCopy(to, 'git', ['init', '-q']);
  await inCopy(to, 'git', ['add', '-A']);
  await inCopy(to, 'git', ['-c', 'user.name=proof', '-c', 'user.email=proof@atendo.test', 'commit', '-qm', 'a clean checkout']);
}

/** What git says changed in the copy: modified tracked files, and new files (one line each, not folded into folders). */
async function changes(dir: string) {
  const { stdout } = await inCopy(dir, 'git', ['status', '--porcelain', '--untracked-files=all']);
  const lines = stdout.split('\n').filter(Boolean);
  return {
    modified: lines.filter((l) => !l.startsWith('??')).map((l) => l.slice(3)).sort(),
    added: lines.filter((l) => l.startsWith('??')).map((l) => l.slice(3)).sort(),
  };
}

/**
 * The proof of issue 33: on a clean checkout, `npm run new-feature <name>` and then the tests change no tracked file but
 * the two feature lists; the new feature type-checks, its route is in /openapi.json and walked by the route walks
 * (permission walk, tenant probe, body fuzz), its projection rebuilds, its page renders with its menu entry, and its
 * texts pass the translation checks.
 */
describe('a new feature is its folders and one line in each feature list', () => {
  let copy: string | undefined;
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it(
    'npm run new-feature writes a feature that works after editing only the two feature lists',
    async () => {
      copy = await mkdtemp(path.join(os.tmpdir(), 'atendo-new-feature-'));
      await copyCheckout(copy);
      await inCopy(copy, 'npm', ['run', '--silent', 'new-feature', NAME]);

      const n = featureNames(NAME);
      const folders = [`contracts/src/${NAME}/`, `services/core/src/${NAME}/`, `services/read/src/${NAME}/`, `services/api/src/${NAME}/`, `services/runtime/src/features/${NAME}/`, `web/src/features/${NAME}/`];
      const written = await changes(copy);
      expect(written.modified).toEqual(['services/runtime/src/features/index.ts', 'web/src/features/index.ts']);
      expect(written.added.filter((f) => !folders.some((folder) => f.startsWith(folder)))).toEqual([]);
      for (const folder of folders) expect(written.added.some((f) => f.startsWith(folder)), folder).toBe(true);

      // Both type checks, side by side: the server's (its catalogue, channel and permission types composed by
      // augmentation) and the console's (its texts' keys, its channel).
      await Promise.all([inCopy(copy, 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']), inCopy(copy, 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit'])]);

      const databaseUrl = inject('databaseUrl');
      const server = await inCopy(copy, 'npx', ['vitest', 'run', '--project', 'server', `services/core/src/${NAME}`, `services/runtime/src/features/${NAME}`, 'services/runtime/src/features/featureModule.test.ts', 'test/channels.test.ts', 'services/runtime/src/routeWalks.int.test.ts'], { DATABASE_URL: databaseUrl });
      expect(server.stdout).toMatch(/Test Files\s+5 passed/);
      const web = await inCopy(copy, 'npx', ['vitest', 'run', '--project', 'web', '--project', 'web-isolated', `web/src/features/${NAME}`, 'web/src/i18n', 'web/src/app/shell']);
      expect(web.stdout).toMatch(/Test Files\s+\d+ passed/);
      expect(web.stdout).toContain(`${n.Feature}Page.test.tsx`);

      // The tests wrote nothing tracked either.
      expect((await changes(copy)).modified).toEqual(['services/runtime/src/features/index.ts', 'web/src/features/index.ts']);
    },
    30 * 60_000,
  );
});
