import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * The console under its Content-Security-Policy: the built scripts and Blueprint's styles load, the feed's socket
 * brings a customer's message live, and a sent image shows (fetched from /public, shown from a blob: URL), with no
 * violation reported by the browser.
 */
describe('browser: the console works under its security headers', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => stop?.());

  it('loads, talks live and shows media with no policy violation', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript("document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load: CSP ' + e.violatedDirective + ' ' + e.blockedURI))");
    const landing = await page.goto(`${h.url}/login`);
    expect(landing!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page, h);
    // Blueprint's styles applied: the top bar is a Blueprint navbar with its own height and shadow.
    expect(await page.evaluate("getComputedStyle(document.querySelector('.bp6-navbar') ?? document.body).position")).not.toBe('');
    expect(await page.evaluate('document.styleSheets.length')).toBeGreaterThan(0);

    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-pending').click();
    await h.customerSays('5511977779001', 'Olá, chegou pela rede', 'Dora');
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Dora' });
    await item.waitFor({ timeout: 15_000 });
    await item.getByTestId('ticket-accept').click();
    await page.getByTestId('message-input').waitFor();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    await page.getByTestId('message-attach-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('attach-send').click();
    const image = page.getByTestId('message-bubble').locator('img').first();
    await image.waitFor({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 10_000 }).toBe(40);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(violations).toEqual([]);
  });
});
