import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { artifacts, startBrowserHarness } from './browser.js';
import { eventually } from '@atendo/core/testing';
import type { OutboxMail } from '../../services/runtime/src/mail/devOutbox.js';
import { addUser } from '../../services/runtime/src/testing/accounts.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';


/** A person who lost their password, in the real console: the e-mail arrives over SMTP at the local outbox. */
describe('browser: password reset', () => {
  let h: Harness;
  let browser: Browser;

  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('asks for the e-mail, takes the code from the e-mail and a new password, then signs in with it', async () => {
    const user = await addUser(h, 'reset-e2e@demo.test', { password: 'Old-pass-1' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${h.url}/login`);
    await page.getByTestId('forgot-link').click();
    await page.waitForURL(/\/forgetpsw/);
    await page.getByTestId('forgot-email').fill('nobody@demo.test');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-refusal').textContent()).resolves.toMatch(/User not found/);

    await page.getByTestId('forgot-email').fill(user.email);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-code').waitFor();
    const code = await eventually(async () => {
      const mails = (await h.api<OutboxMail[]>(`/dev/outbox?to=${encodeURIComponent(user.email)}`)).body;
      return /\b(\d{6})\b/.exec(mails[0]!.text)![1]!;
    });
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-password').fill('weak');
    await page.getByTestId('forgot-confirm').fill('weak');
    await page.getByTestId('forgot-submit').click();
    await page.getByText('At least 8 characters, with an upper-case letter, a lower-case letter and a digit').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'password-reset-code-step.png') });
    await page.getByTestId('forgot-password').fill('Brand-new-9');
    await page.getByTestId('forgot-confirm').fill('Brand-new-9');
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(/\/login/);

    await page.getByTestId('login-email').fill(user.email);
    await page.getByTestId('login-password').fill('Brand-new-9');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/tickets/);
    await page.close();
  }, 60_000);
});
