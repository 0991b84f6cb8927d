import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKey, type BlobStore } from './blobStore.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A body that sends `good` bytes in small chunks, then fails (a client gone mid-upload, a download cut off). */
function failingBody(good: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(good);
      } else this.destroy(new Error('connection reset'));
    },
  });
}

/** What every blob store adapter must do (architecture §3): the same suite, whatever holds the bytes. */
export function blobStoreContract(name: string, open: () => Promise<{ store: BlobStore; teardown(): Promise<void> }>): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ store, teardown } = await open());
    });
    afterAll(async () => teardown?.());

    it('gives back the bytes it was given, with their type, name, size and SHA-256', async () => {
      const bytes = randomBytes(300 * 1024);
      const key = mediaKey(7, 'jpg');
      const put = await store.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), { mime: 'image/jpeg', name: 'Foto do cliente.jpg' });
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(put).toEqual({ key, size: bytes.length, sha256 });
      expect(await store.stat(key)).toMatchObject({ mime: 'image/jpeg', name: 'Foto do cliente.jpg', size: bytes.length, sha256 });
      const got = await store.get(key);
      expect(got).toMatchObject({ mime: 'image/jpeg', size: bytes.length });
      expect((await bytesOf(got!.stream)).equals(bytes)).toBe(true);
      expect(await store.exists(key)).toBe(true);
    });

    it('reads a byte range', async () => {
      const bytes = randomBytes(5000);
      const key = mediaKey(7, 'mp3');
      await store.put(key, Readable.from([bytes]), { mime: 'audio/mpeg', size: bytes.length });
      const part = await store.get(key, { start: 100, end: 1099 });
      expect(part?.size).toBe(5000);
      expect((await bytesOf(part!.stream)).equals(bytes.subarray(100, 1100))).toBe(true);
      const tail = await store.get(key, { start: 4990, end: 4999 });
      expect((await bytesOf(tail!.stream)).equals(bytes.subarray(4990))).toBe(true);
    });

    it('deletes, and knows nothing of a key it never stored', async () => {
      const key = mediaKey(7, 'pdf');
      await store.put(key, Readable.from([Buffer.from('%PDF-1.4 …')]), { mime: 'application/pdf' });
      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      expect(await store.stat(key)).toBeUndefined();
      expect(await store.get(key)).toBeUndefined();
      await store.delete(key);
      expect(await store.get(mediaKey(7, 'png'))).toBeUndefined();
    });

    it('stores nothing when the body fails half-way or is shorter than announced', async () => {
      const broken = mediaKey(7, 'png');
      await expect(store.put(broken, failingBody(randomBytes(64 * 1024)), { mime: 'image/png' })).rejects.toThrow(/reset/);
      expect(await store.exists(broken)).toBe(false);
      const short = mediaKey(7, 'png');
      await expect(store.put(short, Readable.from([randomBytes(100)]), { mime: 'image/png', size: 200 })).rejects.toThrow(/100 bytes instead of 200/);
      expect(await store.exists(short)).toBe(false);
    });

    it('keeps parallel puts apart', async () => {
      const files = Array.from({ length: 12 }, (_, i) => ({ key: mediaKey(i + 1, 'ogg'), bytes: randomBytes(10_000 + i) }));
      await Promise.all(files.map((f) => store.put(f.key, Readable.from([f.bytes]), { mime: 'audio/ogg' })));
      for (const f of files) expect((await bytesOf((await store.get(f.key))!.stream)).equals(f.bytes)).toBe(true);
      await Promise.all(files.map((f) => store.delete(f.key)));
    });

    it('refuses what is not a media key, before touching anything', async () => {
      for (const key of ['../../etc/passwd', 'company-1/2025/01/../../x.png', 'company-0/2025/01/aaaaaaaaaaaaaaaaaaaaaa.png', '/abs/path', 'company-1/2025/13/aaaaaaaaaaaaaaaaaaaaaa.png']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]), { mime: 'text/plain' }), key).rejects.toThrow(/Not a media key/);
        await expect(store.get(key), key).rejects.toThrow(/Not a media key/);
      }
    });
  });
}
