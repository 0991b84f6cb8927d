import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { ListTicketsResponse, QuickMessage, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import { addUser, type TestUser } from '../../services/runtime/src/testing/accounts.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Quick messages in the real console: an agent keeps one on the quick messages page, then in a ticket types a slash
 * and its first letters, picks the suggestion and sends it; the customer's phone (the simulator) receives the text.
 * One with a file brings the file to the attach dialog, and the customer receives the image.
 */
describe('browser: quick messages', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let adminToken: string;
  let agent: TestUser;
  let ticket: Ticket;
  const NUMBER = '5511955554321';
  const TEXT = 'Shipping takes three to five working days across the whole country.';

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `quick-messages-${name}.png`) });
  const ticketOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token: adminToken })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    }, 15_000);

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    adminToken = (await h.login()).token;
    agent = await addUser(h, 'bruna@demo.test', { queueIds: [h.queueIds[0]!] });
  });
  afterAll(async () => stop?.());

  it('an agent keeps a quick message, picks it with "/sh" in a ticket and the customer receives it', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h, agent.email, agent.password);

    await page.goto(`${h.url}/quick-messages`);
    await page.getByTestId('quick-message-add').click();
    // An agent keeps her own: the whole-company switch is for admins.
    await page.getByTestId('quick-message-form').waitFor();
    expect(await page.getByTestId('quick-message-geral-switch').count()).toBe(0);
    await page.getByTestId('quick-message-submit').click();
    await page.locator('.bp6-form-helper-text', { hasText: 'Shortcode is required' }).waitFor();
    await page.getByTestId('quick-message-shortcode').fill('shipping');
    await page.getByTestId('quick-message-message').fill(TEXT);
    await page.waitForTimeout(200);
    await shot(page, 'dialog');
    await page.getByTestId('quick-message-submit').click();
    await page.getByText('Quick answer saved.').waitFor();
    const row = page.getByTestId('quick-message-row').filter({ hasText: '/shipping' });
    await row.waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'page');
    const saved = (await h.api<QuickMessage[]>('/quick-messages/list', { token: adminToken })).body;
    expect(saved.map((q) => q.shortcode)).not.toContain('shipping');

    // A customer writes; the ticket is given to the agent.
    await h.customerSays(NUMBER, 'Quanto tempo leva a entrega?', 'Otávio');
    ticket = await ticketOf(NUMBER);
    expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token: adminToken, body: { status: 'open', userId: agent.id } })).status).toBe(200);

    await page.goto(`${h.url}/tickets/${ticket.uuid}`);
    const input = page.getByTestId('message-input');
    await input.waitFor();
    await page.getByTestId('message-bubble').filter({ hasText: 'Quanto tempo leva a entrega?' }).waitFor({ timeout: 10_000 });
    await input.pressSequentially('/sh');
    const suggestion = page.getByTestId('quick-answer');
    await suggestion.waitFor();
    expect(await suggestion.allTextContents()).toEqual(['shipping - Shipping takes three to…']);
    await page.waitForTimeout(200);
    await shot(page, 'suggestions');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(TEXT);
    expect(await suggestion.count()).toBe(0);
    await input.press('Enter');

    await page.locator('[data-testid="message-bubble"][data-from-me="true"]').filter({ hasText: 'three to five working days' }).waitFor({ timeout: 10_000 });
    await eventually(async () => {
      const customer = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${NUMBER}/messages`)).json()) as { messages: Array<{ body: string }> };
      expect(customer.messages.map((m) => m.body)).toContain(TEXT);
    }, 10_000);
    await shot(page, 'sent');
  });

  it('a quick message with a file: the row names it, picking it brings the file to send, the customer receives the image', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h, agent.email, agent.password);
    await page.goto(`${h.url}/quick-messages`);
    await page.getByTestId('quick-message-row').first().waitFor();
    await page.getByTestId('quick-message-add').click();
    await page.getByTestId('quick-message-shortcode').fill('catalogo');
    await page.getByTestId('quick-message-message').fill('Segue o nosso catálogo.');
    const image = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 20, g: 139, b: 234 } } }).png().toBuffer();
    await page.getByTestId('quick-message-file').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: image });
    await page.getByTestId('quick-message-submit').click();
    const row = page.getByTestId('quick-message-row').filter({ hasText: '/catalogo' });
    await row.getByTestId('quick-message-attachment').filter({ hasText: 'catalogo.png' }).waitFor({ timeout: 10_000 });
    await page.evaluate("localStorage.setItem('i18nextLng', 'pt')");
    await page.reload();
    await page.getByText('Segue o nosso catálogo.').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'page-pt');
    await page.setViewportSize({ width: 390, height: 780 });
    await page.waitForTimeout(300);
    await shot(page, 'page-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate("localStorage.setItem('i18nextLng', 'en')");

    await page.goto(`${h.url}/tickets/${ticket.uuid}`);
    const input = page.getByTestId('message-input');
    await input.waitFor();
    await input.pressSequentially('/cat');
    await page.getByTestId('quick-answer').filter({ hasText: 'catalogo - Segue o nosso catálogo.' }).click();
    await expect.poll(() => input.inputValue()).toBe('Segue o nosso catálogo.');
    const files = page.getByTestId('attach-files');
    await files.getByText('catalogo.png').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(200);
    await shot(page, 'attachment');
    await page.getByTestId('attach-send').click();
    await page.getByTestId('message-bubble').locator('img').first().waitFor({ timeout: 10_000 });

    await eventually(async () => {
      const view = (await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${NUMBER}/messages`)).json()) as {
        messages: Array<{ sender: string; media?: { mediaType: string; mimetype: string } }>;
      };
      expect(view.messages.filter((m) => m.sender === 'platform' && m.media).map((m) => m.media)).toEqual([expect.objectContaining({ mediaType: 'image', mimetype: 'image/png' })]);
    }, 15_000);
  });
});
