import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './testing/harness.js';

/** What every answer tells the browser: what the page may load, that it may not be framed, and not to guess types. */
describe('security headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  const headersOf = async (path: string, headers: Record<string, string> = {}) => (await fetch(`${h.url}${path}`, { headers })).headers;

  it('every answer carries the policy, nosniff, a referrer policy and no framing', async () => {
    for (const path of ['/health', '/openapi.json', '/tickets', '/nothing-here']) {
      const headers = await headersOf(path, { accept: 'application/json' });
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe/);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('HSTS only behind TLS (a proxy on loopback saying https), never over plain HTTP', async () => {
    expect((await headersOf('/health')).get('strict-transport-security')).toBeNull();
    expect((await headersOf('/health', { 'x-forwarded-proto': 'https' })).get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });

  it("a stored file keeps its own stricter policy (a sandbox)", async () => {
    const token = (await h.login()).token;
    const form = new FormData();
    form.append('medias', new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
    const stored = (await (await fetch(`${h.url}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as Array<{ url: string }>;
    const file = await fetch(`${h.url}${stored[0]!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
