import { Readable } from 'node:stream';
import { mediaKey, type BlobStore } from './blobStore.js';
import { MEDIA_MAX_BYTES, MESSAGE_MEDIA_MIMES, recogniseBytes, type MediaKind } from './mediaTypes.js';

/** The bytes of an answer up to `limit`; a larger one is refused while it arrives, not after. */
async function bytesUpTo(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`larger than ${limit} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Brings a file an outside service names at run time (a bot's image) into the company's store, so what is sent is
 * one of the company's own keys like every upload: fetched with the caller's `fetch` (the outside-call guard), within
 * the upload limit of its kind, and recognised by its content as that kind. Answers its `/public/<key>` URL; throws
 * `media: <reason>` when refused.
 */
export async function importRemoteMedia(
  deps: { fetch: typeof fetch; blobs: BlobStore },
  { companyId, url, kind, signal }: { companyId: number; url: string; kind: Exclude<MediaKind, 'application'>; signal?: AbortSignal },
): Promise<string> {
  let data: Uint8Array;
  try {
    const response = await deps.fetch(url, { signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`HTTP ${response.status}`);
    }
    data = await bytesUpTo(response, MEDIA_MAX_BYTES[kind]);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(`media: ${error instanceof Error ? error.message : String(error)}`);
  }
  const recognised = await recogniseBytes(data, MESSAGE_MEDIA_MIMES.filter((mime) => mime.startsWith(`${kind}/`)));
  if (!recognised.ok) throw new Error(`media: not ${kind === 'image' ? 'an' : 'a'} ${kind} file (${recognised.found})`);
  const key = mediaKey(companyId, recognised.type.ext);
  await deps.blobs.put(key, Readable.from(Buffer.from(data)), { mime: recognised.type.mime, name: `${key.split('/').pop()}`, size: data.byteLength });
  return `/public/${key}`;
}
