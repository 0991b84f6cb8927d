import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifacts, startBrowserHarness } from './browser.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness } from '../../services/runtime/src/testing/harness.js';


/** The story of the walking skeleton, as an agent lives it in the real console in headless Chromium. */
describe('browser: the first WhatsApp conversation', () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;

  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await stop?.();
  });

  it('log in, a customer writes, the ticket appears live, accept, reply, the customer receives it, resolve', async () => {
    await page.goto(`${h.url}/login`);
    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/tickets/);

    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-pending').click();
    // The customer writes while the agent watches: no reload.
    await h.customerSays('5511977770001', 'Boa tarde, meu boleto venceu', 'Carla');
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Carla' });
    await item.waitFor({ timeout: 10_000 });
    await expect(item.textContent()).resolves.toContain('Boa tarde, meu boleto venceu');

    await item.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const input = page.getByTestId('message-input');
    await input.waitFor();
    await input.fill('Olá Carla! Vou gerar um novo boleto.');
    await input.press('Enter');

    const mine = page.locator('[data-testid="message-bubble"][data-from-me="true"]').filter({ hasText: 'Vou gerar um novo boleto' });
    await mine.waitFor({ timeout: 10_000 });
    await page.locator('[data-testid="message-bubble"][data-from-me="true"][data-ack="3"]').waitFor({ timeout: 10_000 });
    const customer = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/5511977770001/messages`)).json()) as { messages: Array<{ body: string }> };
    expect(customer.messages.map((m) => m.body)).toContain('Olá Carla! Vou gerar um novo boleto.');

    await page.screenshot({ path: path.join(artifacts, 'tickets-light.png') });
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate("document.body.classList.contains('bp6-dark') || document.documentElement.classList.contains('bp6-dark')")).resolves.toBe(true);
    await page.screenshot({ path: path.join(artifacts, 'tickets-dark.png') });

    await page.getByTestId('ticket-resolve').click();
    await page.waitForURL(/\/tickets$/);
    await page.getByTestId('tab-closed').click();
    await page.getByTestId('ticket-list-item').filter({ hasText: 'Carla' }).waitFor({ timeout: 10_000 });
  });

  it('shows a long conversation whole on a tall screen (older pages load without a scroll)', async () => {
    for (let i = 1; i <= 25; i++) await h.customerSays('5511977770002', `linha ${i}`, 'Davi');
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.goto(`${h.url}/tickets`);
    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-pending').click();
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Davi' });
    await item.waitFor({ timeout: 10_000 });
    await item.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('[data-testid="message-bubble"]').count(), { timeout: 10_000 }).toBe(25);
    await page.screenshot({ path: path.join(artifacts, 'tickets-long-conversation.png') });
  });

  it('works on a small screen too', async () => {
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`${h.url}/tickets`);
    await page.getByTestId('tab-open').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'tickets-mobile.png') });
  });

  it('speaks Portuguese and Spanish, and logs out to the login page', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${h.url}/tickets`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.evaluate("localStorage.setItem('i18nextLng', 'pt'); localStorage.setItem('theme', 'light')");
    await page.reload();
    await page.getByText('Entre na sua conta').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'login-pt.png') });
    await page.evaluate("localStorage.setItem('i18nextLng', 'es')");
    await page.reload();
    await page.getByText('Inicia sesión en tu cuenta').waitFor();
    // A wrong password is told in the chosen language, and the form keeps what was typed.
    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await page.getByText('Error de autenticación').waitFor();
    await expect(page.getByTestId('login-email').inputValue()).resolves.toBe(ADMIN_EMAIL);
    await page.screenshot({ path: path.join(artifacts, 'login-es-error.png') });
  });
});
