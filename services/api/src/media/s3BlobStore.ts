import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { checkKey, measuring, type BlobInfo, type BlobMeta, type BlobStore, type ByteRange, type PutResult } from './blobStore.js';

export interface S3Settings {
  /** `https://s3.example.com` (path-style addressing: `{endpoint}/{bucket}/{key}`, which every S3-compatible store takes). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where a put spools its body to learn its length and hash before sending it (default: the system's temp folder). */
  tempDir?: string;
}

async function drain(res: IncomingMessage, limit = 2048): Promise<string> {
  let text = '';
  for await (const chunk of res) if (text.length < limit) text += String(chunk);
  return text.slice(0, limit);
}

/**
 * Blobs in an S3-compatible bucket, spoken to with plain HTTP signed by aws4fetch's SigV4 signer (a few kilobytes, no
 * dependencies) instead of the AWS SDK's hundred packages. The mime is the object's Content-Type; the name and the
 * hash ride as `x-amz-meta-*`.
 */
export class S3BlobStore implements BlobStore {
  readonly name = 's3';
  private readonly base: URL;
  private readonly tempDir: string;

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new Error('S3_ENDPOINT must be an http(s):// URL');
    this.tempDir = settings.tempDir ?? path.join(os.tmpdir(), 'atendo-s3');
  }

  private url(key: string): URL {
    checkKey(key);
    const url = new URL(this.base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.bucket)}/${key}`;
    return url;
  }

  private async request(method: string, key: string, headers: Record<string, string>, body?: Readable): Promise<IncomingMessage> {
    const url = this.url(key);
    const signer = new AwsV4Signer({
      method,
      url: url.toString(),
      headers,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      service: 's3',
      region: this.settings.region,
    });
    const signed = await signer.sign();
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, { method, headers: Object.fromEntries(signed.headers.entries()) });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    // Observed below; a body that fails first must not leave this rejection unhandled.
    answered.catch(() => undefined);
    if (body) await pipeline(body, req);
    else req.end();
    return answered;
  }

  private async refuse(what: string, key: string, res: IncomingMessage): Promise<never> {
    const text = await drain(res);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what} ${key} answered ${res.statusCode}${code ? ` ${code}` : ''}`);
  }

  async put(key: string, body: Readable, meta: BlobMeta & { size?: number }): Promise<PutResult> {
    this.url(key);
    // Spooled first: S3 wants the length up front, and the hash signs the payload so a corrupted transfer is refused.
    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, randomUUID());
    try {
      const measured = measuring();
      await pipeline(body, measured.through, createWriteStream(temp, { flags: 'wx' }));
      const size = measured.size();
      if (meta.size !== undefined && size !== meta.size) throw new Error(`The body had ${size} bytes instead of ${meta.size}`);
      const sha256 = measured.sha256();
      const res = await this.request(
        'PUT',
        key,
        {
          'content-type': meta.mime,
          'content-length': String(size),
          'x-amz-content-sha256': sha256,
          'x-amz-meta-sha256': sha256,
          ...(meta.name ? { 'x-amz-meta-name': encodeURIComponent(meta.name) } : {}),
        },
        createReadStream(temp),
      );
      if (res.statusCode !== 200) return await this.refuse('PUT', key, res);
      await drain(res);
      return { key, size, sha256 };
    } finally {
      await rm(temp, { force: true });
    }
  }

  private info(res: IncomingMessage, size: number): BlobInfo {
    const name = res.headers['x-amz-meta-name'];
    const sha256 = res.headers['x-amz-meta-sha256'];
    let decoded: string | undefined;
    try {
      decoded = typeof name === 'string' ? decodeURIComponent(name) : undefined;
    } catch {
      decoded = undefined;
    }
    return {
      mime: res.headers['content-type'] ?? 'application/octet-stream',
      size,
      ...(decoded ? { name: decoded } : {}),
      ...(typeof sha256 === 'string' ? { sha256 } : {}),
    };
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    const res = await this.request('HEAD', key, {});
    await drain(res);
    if (res.statusCode === 404) return undefined;
    if (res.statusCode !== 200) return this.refuse('HEAD', key, res);
    return this.info(res, Number(res.headers['content-length']));
  }

  async get(key: string, range?: ByteRange): Promise<(BlobInfo & { stream: Readable }) | undefined> {
    const res = await this.request('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.statusCode === 404) {
      await drain(res);
      return undefined;
    }
    if (res.statusCode === 206) {
      const total = Number(/\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1]);
      return { ...this.info(res, total), stream: res };
    }
    if (res.statusCode !== 200) return this.refuse('GET', key, res);
    return { ...this.info(res, Number(res.headers['content-length'])), stream: res };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key, {});
    if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404) return this.refuse('DELETE', key, res);
    await drain(res);
  }
}
