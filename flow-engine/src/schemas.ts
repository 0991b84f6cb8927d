import * as yup from 'yup';

/**
 * Schema pieces more than one plugin needs, so a rule is written once. The message keys are the catalogue's
 * (`flows.validation.*`, `validation.*`).
 */

export const MEDIA_URL_MAX = 2048;

/** Where a stored file is: an http(s) URL, or a path on this server (`/public/…`) as uploads answer it. */
export function isMediaUrl(value: string): boolean {
  if (/^\/[^/\\]/.test(value)) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const mediaUrlSchema = () =>
  yup
    .string()
    .trim()
    .required('flows.validation.mediaRequired')
    .max(MEDIA_URL_MAX, 'validation.tooLong')
    .test('mediaUrl', 'flows.validation.mediaUrl', (v) => !v || isMediaUrl(v));
