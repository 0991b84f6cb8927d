import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * A customer's message holding HTML or script (issue 12) is shown as the text it is: nothing of it runs, nothing of it
 * becomes markup, in the ticket list, the conversation, the search within it or the peek.
 */
describe('browser: a message with HTML and script is shown as text', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => stop?.());

  it('shows it literally, runs nothing and adds no element', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, h);
    await page.evaluate(() => ((globalThis as unknown as { pwned: number }).pwned = 0));
    const hostile = '<img src=x onerror="window.pwned=1;alert(1)"><script>window.pwned=2;alert(2)</script><b id="injected">bold?</b>';
    await h.customerSays('5511977778001', hostile, '<i>Nome</i><script>alert(3)</script>');
    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-pending').click();
    const item = page.getByTestId('ticket-list-item').filter({ hasText: '<script>' });
    await item.waitFor({ timeout: 30_000 });
    await item.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const bubble = page.getByTestId('message-bubble').filter({ hasText: 'onerror' });
    await bubble.waitFor();
    // The text is exactly what the customer typed; none of it became an element.
    await expect(bubble.locator('.message-body').textContent()).resolves.toBe(hostile);
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.locator('.message-bubble img[src="x"], .message-bubble script').count()).toBe(0);
    await page.getByTestId('message-search-open').click();
    await page.getByTestId('message-search-input').fill('onerror');
    await page.getByTestId('message-search-results').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(artifacts, 'xss-shown-as-text.png') });
    expect(await page.evaluate(() => (globalThis as unknown as { pwned: number }).pwned)).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
