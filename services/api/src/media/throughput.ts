import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { mediaKey, type BlobStore } from './blobStore.js';

export interface MediaThroughput {
  store: string;
  files: number;
  bytesEach: number;
  concurrency: number;
  ms: number;
  filesPerSecond: number;
  megabytesPerSecond: number;
}

/**
 * The bench's "inbound media throughput": `files` images of `bytesEach` bytes put into `store`, `concurrency` at a
 * time, as the gateway stores customers' photos. The blobs are deleted afterwards (not timed).
 */
export async function measureMediaThroughput(
  store: BlobStore,
  options: { files?: number; bytesEach?: number; concurrency?: number; companyId?: number } = {},
): Promise<MediaThroughput> {
  const { files = 200, bytesEach = 200 * 1024, concurrency = 16, companyId = 1 } = options;
  const bytes = randomBytes(bytesEach);
  const keys: string[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < files) {
      next++;
      const key = mediaKey(companyId, 'jpg');
      await store.put(key, Readable.from([bytes]), { mime: 'image/jpeg', size: bytesEach });
      keys.push(key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files) }, worker));
  const ms = performance.now() - started;
  await Promise.all(keys.map((key) => store.delete(key)));
  return {
    store: store.name,
    files,
    bytesEach,
    concurrency,
    ms: Math.round(ms),
    filesPerSecond: Math.round((files / ms) * 1000),
    megabytesPerSecond: Math.round(((files * bytesEach) / 1024 / 1024 / ms) * 1000 * 10) / 10,
  };
}
