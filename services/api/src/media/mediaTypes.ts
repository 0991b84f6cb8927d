import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/** The spec's message media types (platform-core §Message `mediaType`) a file maps to; `application` is a document. */
export type MediaKind = 'image' | 'audio' | 'video' | 'application';

export interface MediaType {
  mime: string;
  /** The extension a stored file gets (from its content, not from the name it came with). */
  ext: string;
  kind: MediaKind;
  /**
   * Text formats have no magic number: recognised by the name's extension (these, lower-case) when nothing binary is
   * sniffed in them.
   */
  textExtensions?: readonly string[];
}

const MIB = 1024 * 1024;

/**
 * The largest file of each kind. The spec's upload limits (catalogue-automation §5, §9): images 2 MB, audio 5 MB, video
 * 20 MB; it names none for documents: 64 MB, below WhatsApp's own cap (decision 0019).
 */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { image: 2 * MIB, audio: 5 * MIB, video: 20 * MIB, application: 64 * MIB };

/** Every type Atendo stores, keyed by mime (file-type's names for the binary ones). */
export const MEDIA_TYPES = {
  'image/png': { mime: 'image/png', ext: 'png', kind: 'image' },
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', kind: 'image' },
  'image/webp': { mime: 'image/webp', ext: 'webp', kind: 'image' },
  'image/gif': { mime: 'image/gif', ext: 'gif', kind: 'image' },
  'audio/ogg': { mime: 'audio/ogg', ext: 'ogg', kind: 'audio' },
  'audio/opus': { mime: 'audio/opus', ext: 'opus', kind: 'audio' },
  'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio' },
  'audio/x-m4a': { mime: 'audio/x-m4a', ext: 'm4a', kind: 'audio' },
  'audio/aac': { mime: 'audio/aac', ext: 'aac', kind: 'audio' },
  'audio/amr': { mime: 'audio/amr', ext: 'amr', kind: 'audio' },
  'audio/wav': { mime: 'audio/wav', ext: 'wav', kind: 'audio' },
  'video/mp4': { mime: 'video/mp4', ext: 'mp4', kind: 'video' },
  'video/3gpp': { mime: 'video/3gpp', ext: '3gp', kind: 'video' },
  'video/quicktime': { mime: 'video/quicktime', ext: 'mov', kind: 'video' },
  // A browser's recorded audio (MediaRecorder) is webm, which file-type names video.
  'video/webm': { mime: 'video/webm', ext: 'webm', kind: 'video' },
  'application/pdf': { mime: 'application/pdf', ext: 'pdf', kind: 'application' },
  'application/zip': { mime: 'application/zip', ext: 'zip', kind: 'application' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', kind: 'application' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', kind: 'application' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx', kind: 'application' },
  'application/vnd.oasis.opendocument.text': { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt', kind: 'application' },
  'application/vnd.oasis.opendocument.spreadsheet': { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods', kind: 'application' },
  // Older Office files (.doc, .xls, .ppt) share one container format.
  'application/x-cfb': { mime: 'application/x-cfb', ext: 'cfb', kind: 'application' },
  'text/plain': { mime: 'text/plain', ext: 'txt', kind: 'application', textExtensions: ['txt', 'log', 'md'] },
  'text/csv': { mime: 'text/csv', ext: 'csv', kind: 'application', textExtensions: ['csv'] },
  'text/vcard': { mime: 'text/vcard', ext: 'vcf', kind: 'application', textExtensions: ['vcf', 'vcard'] },
} as const satisfies Record<string, MediaType>;

export type MediaMime = keyof typeof MEDIA_TYPES;

/** Images as the spec takes them (png, jpg, jpeg). */
export const IMAGE_MIMES = ['image/png', 'image/jpeg'] as const satisfies readonly MediaMime[];
/** What a message may carry: every type above (the `medias` of POST /media, /messages and the external API). */
export const MESSAGE_MEDIA_MIMES = Object.keys(MEDIA_TYPES) as MediaMime[];

/** The largest file a list of types allows: the biggest of their kinds' limits. */
export function largestAllowed(accept: readonly MediaMime[]): number {
  return Math.max(...accept.map((mime) => MEDIA_MAX_BYTES[MEDIA_TYPES[mime].kind]));
}

export type Recognition = { ok: true; type: MediaType } | { ok: false; found: string };

/** Bytes that text never holds (NUL, and control characters other than tab, line feed, form feed, carriage return, escape). */
function looksBinary(head: Buffer): boolean {
  for (const byte of head) {
    if (byte === 0 || (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27)) return true;
  }
  return false;
}

async function readHead(file: string, length = 8192): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * What a received file is, by its content: file-type's magic numbers, and for the text formats a route accepts, the
 * name's extension once nothing binary shows in the first 8 KB. An executable called `x.png` is `application/x-elf`,
 * and refused by any list.
 */
export async function recognise(file: string, originalName: string, accept: readonly MediaMime[]): Promise<Recognition> {
  const sniffed = await fileTypeFromFile(file);
  if (sniffed) {
    const known = (accept as readonly string[]).includes(sniffed.mime) ? MEDIA_TYPES[sniffed.mime as MediaMime] : undefined;
    return known ? { ok: true, type: known } : { ok: false, found: sniffed.mime };
  }
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1]?.toLowerCase();
  const text = accept.map((mime) => MEDIA_TYPES[mime] as MediaType).find((t) => extension && t.textExtensions?.includes(extension));
  if (!text) return { ok: false, found: 'an unrecognised format' };
  if (looksBinary(await readHead(file))) return { ok: false, found: 'binary content' };
  return { ok: true, type: text };
}

/** What bytes in memory are, by their magic numbers only (for the binary kinds: images, audio, video). */
export async function recogniseBytes(data: Uint8Array, accept: readonly MediaMime[]): Promise<Recognition> {
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed) return { ok: false, found: 'an unrecognised format' };
  return (accept as readonly string[]).includes(sniffed.mime) ? { ok: true, type: MEDIA_TYPES[sniffed.mime as MediaMime] } : { ok: false, found: sniffed.mime };
}

/** The extensions a list of types is known by, for a refusal's message (`png, jpg`). */
export function describeAccepted(accept: readonly MediaMime[]): string[] {
  return [...new Set(accept.flatMap((mime) => (MEDIA_TYPES[mime] as MediaType).textExtensions ?? [MEDIA_TYPES[mime].ext]))];
}
