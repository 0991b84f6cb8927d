import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, measuring, type BlobInfo, type BlobMeta, type BlobStore, type ByteRange, type PutResult } from './blobStore.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files under one folder (BLOB_DIR): `{key}` holds the bytes, `{key}.json` beside it the type, name, size and
 * hash. A put writes into `.incoming/` and renames into place, so a reader never sees half a file, and a crash leaves
 * only a temporary file that `sweep` removes.
 */
export class LocalBlobStore implements BlobStore {
  readonly name = 'local';
  private readonly incoming: string;

  constructor(readonly dir: string) {
    this.incoming = path.join(dir, '.incoming');
  }

  private file(key: string): string {
    checkKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  async put(key: string, body: Readable, meta: BlobMeta & { size?: number }): Promise<PutResult> {
    const target = this.file(key);
    await mkdir(this.incoming, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.incoming, randomUUID());
    const measured = measuring();
    let sidecarPlaced = false;
    try {
      // flush: on disk before the rename, so a power cut cannot leave an empty file under a real key.
      await pipeline(body, measured.through, createWriteStream(temp, { flags: 'wx', flush: true }));
      const size = measured.size();
      if (meta.size !== undefined && size !== meta.size) throw new Error(`The body had ${size} bytes instead of ${meta.size}`);
      const info: BlobInfo = { mime: meta.mime, ...(meta.name ? { name: meta.name } : {}), size, sha256: measured.sha256() };
      await writeFile(`${temp}.json`, JSON.stringify(info), { flush: true });
      // The description first: bytes that are visible always have their type beside them.
      await rename(`${temp}.json`, `${target}.json`);
      sidecarPlaced = true;
      await rename(temp, target);
      return { key, size, sha256: info.sha256! };
    } catch (error) {
      await rm(temp, { force: true });
      await rm(`${temp}.json`, { force: true });
      if (sidecarPlaced) await rm(`${target}.json`, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    const target = this.file(key);
    try {
      const { size } = await stat(target);
      return { ...(await this.sidecar(target)), size };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | undefined> {
    const target = this.file(key);
    // Opened first: a delete racing this read cannot leave a stream on a file that is gone.
    let handle;
    try {
      handle = await open(target, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const info = { ...(await this.sidecar(target)), size };
      return { ...info, stream: handle.createReadStream(range ? { start: range.start, end: range.end } : {}) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    const target = this.file(key);
    // The bytes first: a blob is gone once they are, whatever happens to its description.
    await rm(target, { force: true });
    await rm(`${target}.json`, { force: true });
  }

  /** Removes what puts interrupted by a crash left in `.incoming/` (older than `maxAgeMs`, so no put in progress). */
  async sweep(maxAgeMs = 60 * 60_000): Promise<number> {
    return removeStaleFiles(this.incoming, maxAgeMs);
  }

  private async sidecar(target: string): Promise<Omit<BlobInfo, 'size'>> {
    try {
      const saved = JSON.parse(await readFile(`${target}.json`, 'utf8')) as BlobInfo;
      return { mime: saved.mime, ...(saved.name ? { name: saved.name } : {}), ...(saved.sha256 ? { sha256: saved.sha256 } : {}) };
    } catch (error) {
      // Bytes placed by hand, without a description: served as plain bytes, never sniffed.
      if (isMissing(error)) return { mime: 'application/octet-stream' };
      throw error;
    }
  }
}

/** Deletes the files of `dir` last changed more than `maxAgeMs` ago; a missing folder has none. */
export async function removeStaleFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
