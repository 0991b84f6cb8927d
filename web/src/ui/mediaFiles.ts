import { ApiError } from '../api/ApiError';
import { i18n } from '../i18n';

/**
 * What the file picker offers. The server decides by content what it takes (and says why it refuses); this only keeps
 * the picker to the usual kinds. Office documents are listed by extension too: some systems know no type for them.
 */
export const ACCEPTED_MEDIA = [
  'image/png',
  'image/jpeg',
  'audio/*',
  'video/mp4',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
].join(',');

/** Spec §9: recorded audio is MP3 at 128 kbit, and a recording under 10000 bytes is discarded. */
export const VOICE_KBPS = 128;
export const MIN_VOICE_BYTES = 10_000;

/** Files on their way to the customer: one POST /messages/{ticketId} (multipart `medias`, `body`, `voice`). */
export interface MediaDraft {
  files: File[];
  /** The caption; empty for none. */
  caption: string;
  /** A voice note recorded in the console (sent as one, not as an audio file). */
  voice: boolean;
}

export function mediaForm({ files, caption, voice }: MediaDraft): FormData {
  const form = new FormData();
  for (const file of files) form.append('medias', file, file.name);
  if (caption.trim()) form.append('body', caption.trim());
  if (voice) form.append('voice', 'true');
  return form;
}

/**
 * Why the server refused files, in the user's words: its own wording of each refused file (type not taken, too large),
 * or a plain "too large" for a 413 that came without one (a proxy's). Undefined for any other failure.
 */
export function mediaRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'ERR_VALIDATION' && Array.isArray(error.details)) {
    const reasons = (error.details as { message?: unknown }[]).map((d) => d.message).filter((m): m is string => typeof m === 'string');
    if (reasons.length > 0) return i18n.t('messages.media.refused', { reason: reasons.join('; ') });
  }
  return error.status === 413 ? i18n.t('messages.media.tooLarge') : undefined;
}
