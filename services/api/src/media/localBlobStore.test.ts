import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaKey } from './blobStore.js';
import { blobStoreContract } from './blobStoreContract.js';
import { LocalBlobStore } from './localBlobStore.js';
import { measureMediaThroughput } from './throughput.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-blobs-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

blobStoreContract('local folder', async () => ({ store: new LocalBlobStore(await tempDir()), teardown: async () => undefined }));

describe('local blob store', () => {
  it('shows a blob only once all of it is written, and leaves no temporary file behind', async () => {
    const dir = await tempDir();
    const store = new LocalBlobStore(dir);
    const key = mediaKey(3, 'mp4');
    const body = new PassThrough();
    const putting = store.put(key, body, { mime: 'video/mp4' });
    body.write(Buffer.alloc(50_000, 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await store.exists(key)).toBe(false);
    body.end(Buffer.alloc(50_000, 2));
    await putting;
    expect(await store.stat(key)).toMatchObject({ size: 100_000, mime: 'video/mp4' });
    expect((await filesUnder(dir)).sort()).toEqual([key, `${key}.json`]);
  });

  it('cleans up after a failed put', async () => {
    const dir = await tempDir();
    const store = new LocalBlobStore(dir);
    const body = new Readable({ read() { this.destroy(new Error('client went away')); } });
    await expect(store.put(mediaKey(3, 'png'), body, { mime: 'image/png' })).rejects.toThrow(/went away/);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('sweeps what a crash left half-written, and only what is old enough not to be a put in progress', async () => {
    const dir = await tempDir();
    const store = new LocalBlobStore(dir);
    await mkdir(path.join(dir, '.incoming'));
    const old = path.join(dir, '.incoming', 'crashed');
    await writeFile(old, 'half');
    const then = new Date(Date.now() - 2 * 3600_000);
    await utimes(old, then, then);
    await writeFile(path.join(dir, '.incoming', 'in-progress'), 'half');
    expect(await store.sweep()).toBe(1);
    expect(await readdir(path.join(dir, '.incoming'))).toEqual(['in-progress']);
  });

  it('serves bytes placed without a description as plain bytes', async () => {
    const dir = await tempDir();
    const store = new LocalBlobStore(dir);
    const key = mediaKey(3, 'png');
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), 'not described');
    expect(await store.stat(key)).toEqual({ mime: 'application/octet-stream', size: 13 });
  });
});

describe('inbound media throughput (the bench hook)', () => {
  it('puts the files in parallel, reports the rate, and leaves the store as it found it', async () => {
    const dir = await tempDir();
    const result = await measureMediaThroughput(new LocalBlobStore(dir), { files: 24, bytesEach: 50_000, concurrency: 4 });
    expect(result).toMatchObject({ store: 'local', files: 24, bytesEach: 50_000, concurrency: 4 });
    expect(result.filesPerSecond).toBeGreaterThan(0);
    expect(await filesUnder(dir)).toEqual([]);
  });
});
