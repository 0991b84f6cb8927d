import { describe, expect, it } from 'vitest';
import { mediaKey } from './blobStore.js';
import { MediaUrls } from './mediaUrls.js';

const key = mediaKey(4, 'png', new Date('2026-03-05T10:00:00Z'));
const at = (iso: string) => new Date(iso).getTime();

describe('signed media URLs', () => {
  const urls = new MediaUrls('server-secret');
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return { path: u.pathname, exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig') ?? undefined };
  };

  it('signs a key so that it checks, for one to two hours', () => {
    const url = urls.sign(key, at('2026-03-05T10:20:00Z'));
    const { path, exp, sig } = parts(url);
    expect(path).toBe(`/public/${key}`);
    expect(new Date(exp * 1000).toISOString()).toBe('2026-03-05T12:00:00.000Z');
    expect(urls.check(key, exp, sig, at('2026-03-05T11:59:59Z'))).toBe('valid');
    expect(urls.check(key, exp, sig, at('2026-03-05T12:00:00Z'))).toBe('expired');
  });

  it('gives everyone the same URL within an hour, so the browser cache works', () => {
    expect(urls.sign(key, at('2026-03-05T10:01:00Z'))).toBe(urls.sign(key, at('2026-03-05T10:59:00Z')));
    expect(urls.sign(key, at('2026-03-05T10:59:00Z'))).not.toBe(urls.sign(key, at('2026-03-05T11:00:00Z')));
  });

  it('refuses a signature for another key, a stretched expiry, another secret, or none', () => {
    const now = at('2026-03-05T10:00:00Z');
    const { exp, sig } = parts(urls.sign(key, now));
    expect(urls.check(mediaKey(4, 'png'), exp, sig, now)).toBe('invalid');
    expect(urls.check(key.replace('company-4', 'company-5'), exp, sig, now)).toBe('invalid');
    expect(urls.check(key, exp + 3600, sig, now)).toBe('invalid');
    expect(new MediaUrls('another-secret').check(key, exp, sig, now)).toBe('invalid');
    expect(urls.check(key, exp, undefined, now)).toBe('invalid');
    expect(urls.check(key, undefined, sig, now)).toBe('invalid');
    expect(urls.check(key, exp, `${sig}x`, now)).toBe('invalid');
  });
});
