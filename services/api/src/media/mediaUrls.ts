import { createHmac, timingSafeEqual } from 'node:crypto';

export type UrlCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signed media URLs: `/public/{key}?exp={unix seconds}&sig={HMAC}`. `<img src>`, `<audio src>` and a download link
 * cannot send the Authorization header, so the API hands out URLs that carry their own short-lived permission.
 *
 * The expiry is rounded up to a whole period: everyone who asks within one period gets the same URL, so the browser's
 * cache keeps working, and a URL lives between one and two periods.
 */
export class MediaUrls {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly periodSeconds = 3600,
  ) {
    // Its own key, derived from the server's secret: a media signature can never pass for a token's, nor the reverse.
    this.key = createHmac('sha256', secret).update('atendo:media-urls').digest();
  }

  /** The path without a signature (what a message records; sign it when answering). */
  static path(key: string): string {
    return `/public/${key}`;
  }

  private signature(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  expiryFor(now = Date.now()): number {
    return (Math.floor(now / 1000 / this.periodSeconds) + 2) * this.periodSeconds;
  }

  sign(key: string, now = Date.now()): string {
    const exp = this.expiryFor(now);
    return `${MediaUrls.path(key)}?exp=${exp}&sig=${this.signature(key, exp)}`;
  }

  check(key: string, exp: number | undefined, sig: string | undefined, now = Date.now()): UrlCheck {
    if (exp === undefined || sig === undefined || !Number.isSafeInteger(exp)) return 'invalid';
    const expected = Buffer.from(this.signature(key, exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return exp * 1000 <= now ? 'expired' : 'valid';
  }
}
