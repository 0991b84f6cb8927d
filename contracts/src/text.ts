/**
 * Text PostgreSQL can store. Its jsonb and text types refuse the NUL character, and JSON cannot carry half of a UTF-16
 * surrogate pair (a broken emoji, say). The API refuses such text; the channels clean what customers send.
 */
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !NUL.test(text) && !LONE_SURROGATE.test(text);
}

/** The text minus what cannot be stored: NUL characters dropped, a broken character replaced by U+FFFD. */
export function toStorableText(text: string): string {
  if (isStorableText(text)) return text;
  return text.replace(/\u0000/g, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** The path of the first string in a JSON-like value that cannot be stored, or undefined when all can. */
export function findUnstorableText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || 'body';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return path ? `${path}.?` : '?';
    const found = findUnstorableText(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
