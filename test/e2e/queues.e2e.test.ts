import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * The queues page as an admin uses it: a queue added with its colour, greeting and hours (the company works by queue
 * hours), then its chatbot menu built in the options tab — an option, one under it, one deleted. The database is read
 * afterwards only to confirm what the page shows.
 */
describe('browser: queues and their menus', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let integrationId: number;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    // Before the browser signs in (one session per user): the company keeps hours per queue.
    const { token } = await h.login();
    expect((await h.api('/settings/scheduleType', { method: 'PUT', token, body: { value: 'queue' } })).status).toBe(200);
    // An integration for the queue's modal to offer (the seeded plan has integrations).
    const webhook = { type: 'webhook', name: 'CRM do financeiro', urlN8N: 'https://crm.example.com/hooks/financeiro', webhookSecret: 'a-webhook-secret-of-32-characters' };
    const created = await h.api<{ id: number }>('/queueIntegration', { method: 'POST', token, body: webhook });
    expect(created.status).toBe(201);
    integrationId = created.body.id;
  });
  afterAll(async () => stop?.());

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `queues-${name}.png`) });


  it('an admin adds a queue with hours, then builds, nests and prunes its menu', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/queues`);
    await page.getByTestId('queues-table').waitFor();
    await expect.poll(() => page.getByTestId('queue-row').count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'list');

    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-form').waitFor();
    await page.getByTestId('queue-name').fill('Financeiro');
    await page.getByTestId('queue-color').fill('#ff5722');
    await page.getByTestId('queue-greetingMessage').fill('Olá! Aqui é o financeiro.');
    await page.getByTestId('queue-integrationId').selectOption({ label: 'CRM do financeiro' });
    await shot(page, 'data');
    await page.getByTestId('queue-tab-hours').click();
    await page.getByTestId('queue-schedule-monday-startTime').fill('09:00');
    await shot(page, 'hours');
    await page.getByTestId('queue-save').click();
    const row = page.getByTestId('queue-row').filter({ hasText: 'Financeiro' });
    await row.waitFor();
    const stored = await eventually(async () => {
      const q = await h.atendo.knex('queues').where({ name: 'Financeiro' }).first();
      expect(q).toBeDefined();
      return q as { id: string; color: string; greeting_message: string; integration_id: string | null; schedules: Array<{ weekdayEn: string; startTime: string }> };
    });
    expect(stored).toMatchObject({ color: '#ff5722', greeting_message: 'Olá! Aqui é o financeiro.' });
    expect(Number(stored.integration_id)).toBe(integrationId);
    expect(stored.schedules.find((s) => s.weekdayEn === 'monday')?.startTime).toBe('09:00');

    // The menu: two options at the top, one under the first; then the first deleted (its child with it).
    await row.getByTestId('queue-edit').click();
    await page.getByTestId('queue-tab-options').click();
    const addOption = async (title: string, message: string) => {
      await page.getByTestId('queue-option-form').waitFor();
      await page.getByTestId('queue-option-title').fill(title);
      await page.getByTestId('queue-option-message').fill(message);
      await page.getByTestId('queue-option-save').click();
      await page.getByTestId('queue-option-form').waitFor({ state: 'detached' });
    };
    await page.getByTestId('queue-option-add').click();
    await addOption('Boletos', 'Sobre boletos');
    await page.getByTestId('queue-option-add').click();
    await addOption('Cartão', 'Sobre cartões');
    const boletos = page.getByTestId('queue-option').filter({ hasText: 'Boletos' }).first();
    await boletos.getByTestId('queue-option-add-child').first().click();
    await addOption('Segunda via', 'Enviamos por e-mail');
    const labels = () => page.getByTestId('queue-option-label').allInnerTexts();
    await expect.poll(labels).toEqual(['1. Boletos', '1. Segunda via', '2. Cartão']);
    await shot(page, 'menu');

    await boletos.getByTestId('queue-option-delete').first().click();
    await page.getByTestId('queue-option-delete-confirm-confirm').click();
    await expect.poll(labels).toEqual(['1. Cartão']);
    const options = await h.atendo.knex('queue_options').where({ queue_id: stored.id }).select('title', 'option');
    expect(options).toEqual([{ title: 'Cartão', option: 1 }]);
    await shot(page, 'menu-pruned');
    await page.close();
  });

  it('fits a phone-sized screen', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await signIn(page, h);
    await page.goto(`${h.url}/queues`);
    await page.getByTestId('queues-table').waitFor();
    await shot(page, 'small-list');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-form').waitFor();
    // The dialog is no wider than the screen.
    const box = await page.getByTestId('queue-form').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // Once the dialog has faded in (for the picture only).
    await page.waitForTimeout(500);
    await shot(page, 'small-dialog');
    await page.close();
  });
});
