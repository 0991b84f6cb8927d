import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import * as yup from 'yup';
import type { AnyObject, InferType } from 'yup';
import { AppError } from '@atendo/platform';
import { auth, requireAuth } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';
import { companyOfKey, type BlobStore, type ByteRange } from './blobStore.js';
import { largestAllowed, MESSAGE_MEDIA_MIMES } from './mediaTypes.js';
import { MediaUrls } from './mediaUrls.js';
import type { MediaStorage } from './storage.js';

export interface MediaServices {
  blobs: BlobStore;
  /** The companies' uploads within their plans (the same blob store underneath). */
  storage: MediaStorage;
  urls: MediaUrls;
}

/** How many files one POST /media takes. */
export const MEDIA_MAX_FILES = 10;

export const publicMediaQuerySchema = yup.object({
  exp: yup.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  sig: yup.string().max(128).optional(),
});

/** What POST /media answers for each file. */
export interface StoredMedia {
  key: string;
  /** Signed: usable in `<img src>` for one to two hours (MediaUrls). */
  url: string;
  mime: string;
  size: number;
  name: string;
  mediaType: 'image' | 'audio' | 'video' | 'application';
}

/**
 * A `Range: bytes=…` header against a blob's size: one range (several are rare and answered whole), `undefined` for the
 * whole blob, 'unsatisfiable' for a range past its end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `inline` for what a browser shows (image, audio, video), `attachment` for the rest, with a name safe in a header. */
export function contentDisposition(mime: string, name: string): string {
  const how = /^(image|audio|video)\//.test(mime) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\;%]/g, '_');
  return `${how}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const notFound = (key: string) => new AppError('ERR_NOT_FOUND', 404, `No media at ${key.slice(0, 120)}`);

/**
 * Media: files stored for the company (POST /media, the machinery of every upload of a message) and served at
 * /public/{key} to its own users only, by token or by a signed URL.
 */
export function mediaRoutes({ blobs, storage, urls, api }: MediaServices & { api: Pick<ApiContext, 'secret' | 'users' | 'companies'> }): RouteSpec[] {
  const feature = 'media';
  const authenticate = requireAuth(api.secret, api.users, api.companies);
  const signIn = (req: Request, res: Response) => new Promise<void>((resolve, reject) => authenticate(req, res, (error?: unknown) => (error ? reject(error) : resolve())));

  return [
    route({
      method: 'post',
      path: '/media',
      feature,
      summary: `Store files (field \`medias\`, up to ${MEDIA_MAX_FILES}: images, audio, video and documents, recognised by content, each within its kind's size and all within the plan's storage) and answer each one's key and signed URL; a key no save names within a day is deleted`,
      permission: 'signedIn',
      status: 201,
      errors: ['ERR_STORAGE_QUOTA'],
      upload: { field: 'medias', maxFiles: MEDIA_MAX_FILES, maxBytes: largestAllowed(MESSAGE_MEDIA_MIMES), accept: MESSAGE_MEDIA_MIMES },
      async handler({ req, res, auth: who }) {
        const uploads = req.uploads ?? [];
        if (uploads.length === 0) throw new AppError('ERR_VALIDATION', 400, 'No file in the field `medias`', [{ path: 'medias', message: 'validation.required' }]);
        // Its keys go into a later save (a flow's block): one nothing names within a day is collected.
        const stored = await storage.keep(who.viewer.companyId, uploads, { pending: true });
        res.status(201).json(
          stored.map((s): StoredMedia => ({ key: s.key, url: urls.sign(s.key), mime: s.mime, size: s.size, name: s.originalName, mediaType: s.kind })),
        );
      },
    }),
    route<AnyObject, InferType<typeof publicMediaQuerySchema>>({
      method: 'get',
      path: '/public/*key',
      feature,
      summary:
        "A stored file, to the company's signed-in users (Authorization header) or to the holder of a signed URL (`exp`, `sig`) from the API; another company's file is 404. Range requests for audio and video",
      // Public in the table's sense only: a signature or a token is checked here, since <img src> sends no header.
      permission: 'public',
      query: publicMediaQuerySchema,
      errors: ['ERR_NOT_FOUND', 'ERR_SESSION_EXPIRED'],
      async handler({ req, res, params, query }) {
        const raw = (params as { key?: string | string[] }).key;
        const key = Array.isArray(raw) ? raw.join('/') : String(raw ?? '');
        if (query.sig !== undefined || query.exp !== undefined) {
          const check = urls.check(key, query.exp, query.sig);
          if (check !== 'valid') throw new AppError('ERR_SESSION_EXPIRED', 403, check === 'expired' ? 'This media link has expired' : 'This media link is not valid');
        } else {
          await signIn(req, res);
          // Another company's file is not there, as far as this user can tell.
          if (companyOfKey(key) !== auth(req).viewer.companyId) throw notFound(key);
        }
        if (companyOfKey(key) === undefined) throw notFound(key);
        const info = await blobs.stat(key);
        if (!info) throw notFound(key);

        res.setHeader('accept-ranges', 'bytes');
        res.setHeader('x-content-type-options', 'nosniff');
        // What a key names never changes (keys are never reused); no-transform keeps compression off byte ranges.
        res.setHeader('cache-control', 'private, max-age=3600, immutable, no-transform');
        res.setHeader('content-security-policy', "default-src 'none'; sandbox");
        res.setHeader('cross-origin-resource-policy', 'same-origin');
        if (info.sha256) {
          const etag = `"${info.sha256}"`;
          res.setHeader('etag', etag);
          if (req.headers['if-none-match'] === etag) {
            res.status(304).end();
            return;
          }
        }
        const range = parseRange(req.headers.range, info.size);
        if (range === 'unsatisfiable') {
          res.setHeader('content-range', `bytes */${info.size}`);
          throw new AppError('ERR_VALIDATION', 416, `The range ${String(req.headers.range).slice(0, 60)} is outside the file's ${info.size} bytes`);
        }
        // Opened before any header names the file: a blob deleted since the stat is a plain 404.
        const blob = req.method === 'HEAD' ? undefined : await blobs.get(key, range);
        if (req.method !== 'HEAD' && !blob) throw notFound(key);
        const name = info.name ?? `file.${key.split('.').pop()}`;
        res.setHeader('content-type', info.mime);
        res.setHeader('content-disposition', contentDisposition(info.mime, name));
        if (range) {
          res.status(206);
          res.setHeader('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        }
        res.setHeader('content-length', String(range ? range.end - range.start + 1 : info.size));
        if (!blob) {
          res.end();
          return;
        }
        try {
          await pipeline(blob.stream, res);
        } catch (error) {
          // A player that seeks elsewhere closes its connection mid-file: not a failure of ours.
          if (!res.headersSent) throw error;
          res.destroy();
        }
      },
    }),
  ];
}
