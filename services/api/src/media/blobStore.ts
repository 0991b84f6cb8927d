import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** What is kept beside a blob's bytes. */
export interface BlobMeta {
  /** The type recognised from the content (never the name's or the browser's word). */
  mime: string;
  /** The name a person gave the file, for the download's file name. */
  name?: string;
}

export interface BlobInfo extends BlobMeta {
  size: number;
  /** Hex SHA-256 of the bytes (absent for objects written by something else than Atendo). */
  sha256?: string;
}

export interface PutResult {
  key: string;
  size: number;
  sha256: string;
}

/** Inclusive byte positions, as an HTTP Range says them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live (architecture §3): a folder by default, an S3-compatible bucket at scale. Every adapter passes
 * blobStoreContract. A put is all or nothing: a body that fails or is shorter than `size` leaves no blob behind.
 */
export interface BlobStore {
  readonly name: string;
  /** Stores the stream under `key`; `size`, when given, must be the stream's exact length. */
  put(key: string, body: Readable, meta: BlobMeta & { size?: number }): Promise<PutResult>;
  /** What is known of a blob without reading it; undefined when there is none. */
  stat(key: string): Promise<BlobInfo | undefined>;
  /** The blob's bytes (or the range of them) with what is known of it; undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  close?(): Promise<void>;
}

/**
 * `company-{companyId}/{yyyy}/{mm}/{random}.{ext}`: the company is part of the key, so serving can check it without a
 * lookup; the random part (128 bits) makes a key impossible to guess and never reused.
 */
const KEY = /^company-([1-9]\d{0,15})\/(\d{4})\/(0[1-9]|1[0-2])\/([A-Za-z0-9_-]{16,64})\.([a-z0-9]{1,8})$/;

export function mediaKey(companyId: number, ext: string, now = new Date()): string {
  if (!Number.isSafeInteger(companyId) || companyId < 1) throw new Error(`Not a company id: ${companyId}`);
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`Not a file extension: ${ext}`);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `company-${companyId}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('base64url')}.${ext}`;
}

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** The company a key belongs to, or undefined for anything that is not a key. */
export function companyOfKey(key: string): number | undefined {
  const match = KEY.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** Every key a text names (a saved flow's JSON: its blocks' `/public/{key}`), whoever's company it is. */
export function mediaKeysIn(text: string): string[] {
  return [...text.matchAll(/company-[1-9]\d{0,15}\/\d{4}\/(?:0[1-9]|1[0-2])\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}/g)].map((m) => m[0]).filter(isMediaKey);
}

/** Refuses a key that is not one of ours before it reaches a file path or a URL. */
export function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key).slice(0, 100)}`);
}

/** A pass-through that counts and hashes what flows through it (the put's size and SHA-256, in one read). */
export function measuring(): { through: Transform; size(): number; sha256(): string } {
  const hash = createHash('sha256');
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return { through, size: () => size, sha256: () => (digest ??= hash.digest('hex')) };
}
