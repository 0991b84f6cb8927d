import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '@atendo/platform';
import { measuring, mediaKey, type BlobStore } from './blobStore.js';
import { describeAccepted, IMAGE_MIMES, MEDIA_MAX_BYTES, recognise, type MediaKind, type MediaMime } from './mediaTypes.js';

/** What a route takes as files (multipart/form-data). */
export interface UploadOptions {
  /** The form field the files come in (`file`, `medias` …); a file in any other field is refused. */
  field: string;
  /** The types taken, recognised by content (mediaTypes.ts). */
  accept: readonly MediaMime[];
  /** The largest file; each kind's own limit (MEDIA_MAX_BYTES) applies below it. */
  maxBytes: number;
  /** How many files at most (default 1). */
  maxFiles?: number;
}

/** A received file, checked, in a temporary file until the handler stores it; removed after the handler either way. */
export interface ReceivedUpload {
  field: string;
  /** The temporary file. */
  path: string;
  mime: string;
  ext: string;
  kind: MediaKind;
  size: number;
  sha256: string;
  /** The name it came with, made safe to show and to put in a header (no path, no control characters). */
  originalName: string;
}

/** A received file once in the blob store: its key there instead of the temporary file. */
export interface StoredUpload extends Omit<ReceivedUpload, 'path'> {
  key: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The files of a route's `upload`, received and checked (see receiveUploads). */
    uploads?: ReceivedUpload[];
  }
}

/** The one file a route's `upload` received in `field`: a 400 naming the field when there is none. */
export function theUpload(req: Request, field = 'file'): ReceivedUpload {
  const upload = req.uploads?.[0];
  if (!upload) throw new AppError('ERR_VALIDATION', 400, `No file in the field \`${field}\``, [{ path: field, message: 'validation.required' }]);
  return upload;
}

/** A disk failure while receiving: the server's fault (500), not the caller's input. */
class DiskFailure extends Error {}

/** Spec: attachment names have their spaces replaced with underscores; no folders, no control characters. */
export function safeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').replace(/\s+/g, '_').slice(0, 200);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

const refusal = (status: number, field: string, message: string, rule: string, params: Record<string, unknown> = {}) =>
  new AppError('ERR_VALIDATION', status, message, [{ path: field, message: `validation.${rule}`, params }]);

type EngineFile = Express.Multer.File & Partial<ReceivedUpload>;

/**
 * multer's storage engine for our uploads: each file streams to a temporary file (counted and hashed on the way), then
 * its content decides its type. A refusal removes the file, and multer removes the request's other files; so does a
 * client that goes away mid-upload.
 */
class CheckedTempFiles implements multer.StorageEngine {
  constructor(
    private readonly dir: string,
    private readonly options: UploadOptions,
  ) {}

  _handleFile(_req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<EngineFile>) => void): void {
    this.receive(file).then(
      (info) => callback(null, info),
      (error: unknown) => callback(error),
    );
  }

  private async receive(file: Express.Multer.File): Promise<Partial<EngineFile>> {
    const temp = path.join(this.dir, `${randomUUID()}.part`);
    try {
      await mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
        throw new DiskFailure(`Cannot create the upload folder ${this.dir}: ${(error as Error).message}`);
      });
      const measured = measuring();
      const sink = createWriteStream(temp, { flags: 'wx' });
      let diskError: Error | undefined;
      sink.on('error', (error) => (diskError = error));
      await pipeline(file.stream, measured.through, sink).catch((error: unknown) => {
        throw diskError ? new DiskFailure(`Cannot write ${temp}: ${diskError.message}`) : error;
      });
      const { field } = this.options;
      const size = measured.size();
      if (size === 0) throw refusal(400, field, `${file.originalname} is empty`, 'required');
      // Past the route's limit multer refuses the request itself (busboy cut the file); nothing to decide here.
      if (size > this.options.maxBytes) return { path: temp, size };
      const recognised = await recognise(temp, file.originalname, this.options.accept);
      if (!recognised.ok) {
        const accepted = describeAccepted(this.options.accept);
        const imagesOnly = this.options.accept.every((mime) => (IMAGE_MIMES as readonly string[]).includes(mime));
        throw refusal(400, field, `${file.originalname} is ${recognised.found}: only ${accepted.join(', ')} are taken`, imagesOnly ? 'imageType' : 'fileType', { values: accepted });
      }
      const { type } = recognised;
      const max = Math.min(this.options.maxBytes, MEDIA_MAX_BYTES[type.kind]);
      if (size > max) throw refusal(413, field, `${file.originalname} is a ${type.kind} of ${size} bytes; at most ${max}`, 'fileTooLarge', { max });
      return {
        field: file.fieldname,
        path: temp,
        mime: type.mime,
        ext: type.ext,
        kind: type.kind,
        size,
        sha256: measured.sha256(),
        originalName: safeFileName(file.originalname, `file.${type.ext}`),
      };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    rm(file.path, { force: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}

/**
 * Receives a multipart request's files into temporary files under `tempDir`, never whole in memory: at most
 * `maxFiles` files of `field`, each recognised by content as one of `accept` and within its size. A refused request
 * keeps nothing (a bigger file is 413 ERR_VALIDATION; anything else wrong, 400). Text fields go to `req.body`.
 * A request that is not multipart passes with no files. The caller removes the files (discardUploads) when done;
 * the route table does it for routes with an `upload`.
 */
export async function receiveUploads(req: Request, res: Response, options: UploadOptions & { tempDir?: string }): Promise<ReceivedUpload[]> {
  const dir = options.tempDir ?? path.join(os.tmpdir(), 'atendo-uploads');
  const maxFiles = options.maxFiles ?? 1;
  const receive = multer({
    storage: new CheckedTempFiles(dir, options),
    // Browsers send file names in UTF-8 without saying so (`orçamento.pdf`); busboy's default would read them as latin1.
    defParamCharset: 'utf8',
    limits: { fileSize: options.maxBytes, files: maxFiles, fields: 20, fieldSize: 64 * 1024, parts: maxFiles + 20 },
  }).array(options.field, maxFiles);
  await new Promise<void>((resolve, reject) =>
    receive(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof AppError || error instanceof DiskFailure) return reject(error);
      if (error instanceof multer.MulterError) {
        const field = error.field ?? options.field;
        if (error.code === 'LIMIT_FILE_SIZE') return reject(refusal(413, field, `The file is larger than ${options.maxBytes} bytes`, 'fileTooLarge', { max: options.maxBytes }));
        if (error.code === 'LIMIT_FILE_COUNT') return reject(refusal(400, options.field, `At most ${maxFiles} file(s) in ${options.field}`, 'tooMany', { max: maxFiles }));
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(refusal(400, field, `Files go in the field ${options.field}, not ${field}`, 'unknownField', { unknown: field }));
        return reject(refusal(400, field, `The upload was refused: ${error.message}`, 'invalid'));
      }
      // busboy's own refusals (a malformed or broken-off multipart body)
      reject(refusal(400, options.field, `The upload could not be read: ${(error as Error).message}`, 'invalid'));
    }),
  );
  const files = (Array.isArray(req.files) ? req.files : []) as EngineFile[];
  return files.map((f) => ({
    field: f.field!,
    path: f.path,
    mime: f.mime!,
    ext: f.ext!,
    kind: f.kind!,
    size: f.size,
    sha256: f.sha256!,
    originalName: f.originalName!,
  }));
}

/** Removes received files that are still in their temporary place (stored ones were copied out). */
export async function discardUploads(uploads: readonly ReceivedUpload[]): Promise<void> {
  await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
}

/**
 * Puts received files in the blob store under the company's keys (new ones unless given), all or none: when one fails,
 * those already put are deleted again. Routes keep files through MediaStorage, which counts them against the plan.
 */
export async function storeUploads(
  store: BlobStore,
  companyId: number,
  uploads: readonly ReceivedUpload[],
  now = new Date(),
  keys = uploads.map((u) => mediaKey(companyId, u.ext, now)),
): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const [i, upload] of uploads.entries()) {
      const key = keys[i]!;
      const put = await store.put(key, createReadStream(upload.path), { mime: upload.mime, name: upload.originalName, size: upload.size });
      const { path: _temp, ...rest } = upload;
      stored.push({ ...rest, key, size: put.size, sha256: put.sha256 });
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((s) => store.delete(s.key).catch(() => undefined)));
    throw error;
  }
}

/** Reads a received file whole: for the few small files a feature keeps elsewhere (an announcement's image in PostgreSQL). */
export function readUpload(upload: ReceivedUpload): Promise<Buffer> {
  return readFile(upload.path);
}
