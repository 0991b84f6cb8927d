import * as yup from 'yup';

/**
 * Schema pieces more than one plugin needs, so a rule is written once. The message keys are the catalogue's
 * (`flows.validation.*`, `validation.*`).
 */

export const MEDIA_URL_MAX = 2048;

/**
 * A stored file as uploads answer it (`/public/<key>`). A block never names a file elsewhere: an outside address would
 * be fetched at send time from wherever it points, and another company's key would send their file; the server checks
 * at save that the key is one of the company's own.
 */
export function isMediaUrl(value: string): boolean {
  return /^\/public\/[^/\\\s][^\\\s]*$/.test(value) && !value.includes('..');
}

export const mediaUrlSchema = () =>
  yup
    .string()
    .trim()
    .required('flows.validation.mediaRequired')
    .max(MEDIA_URL_MAX, 'validation.tooLong')
    .test('mediaUrl', 'flows.validation.mediaUrl', (v) => !v || isMediaUrl(v));
