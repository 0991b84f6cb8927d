import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * An agent's ticket options in the real console: the contact's drawer with a note added, then a transfer to another
 * queue by a search for an agent. The database is read afterwards only to confirm what the pages show.
 */
describe('browser: ticket options, notes and transfer', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => stop?.());

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `ticket-options-${name}.png`) });

  it('an agent notes something in the contact’s drawer, then transfers the ticket to another queue', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h);
    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-pending').click();
    await h.customerSays('5511977779001', 'Meu pedido atrasou', 'Olga');
    const item = page.getByTestId('ticket-list-item').filter({ hasText: 'Olga' });
    await item.waitFor({ timeout: 15_000 });
    await item.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);

    // The contact's drawer: a note added and listed with its author.
    await page.getByTestId('ticket-options').click();
    await page.getByTestId('ticket-option-contact').click();
    await page.getByTestId('contact-drawer').waitFor();
    await page.getByTestId('ticket-note-input').fill('Pedido 4471, prometido para sexta.');
    await page.getByTestId('ticket-note-add').click();
    const note = page.getByTestId('ticket-note').filter({ hasText: 'Pedido 4471' });
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain('Demo Admin');
    await page.waitForTimeout(400);
    await shot(page, 'drawer');
    await page.locator('.bp6-drawer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });

    // Transfer: a queue is required; the agent search starts at three letters.
    await page.getByTestId('ticket-options').click();
    await page.getByTestId('ticket-option-transfer').click();
    await page.getByTestId('transfer-dialog').waitFor();
    expect(await page.getByTestId('transfer-confirm').isDisabled()).toBe(true);
    await page.getByTestId('transfer-user-search').fill('Dem');
    await page.getByTestId('transfer-user-option').filter({ hasText: 'Demo Admin' }).waitFor();
    // No agent after all: the queue alone.
    await page.getByTestId('transfer-user-search').fill('');
    await page.getByTestId('transfer-queue').selectOption({ label: 'Vendas' });
    await page.waitForTimeout(300);
    await shot(page, 'transfer');
    await page.getByTestId('transfer-confirm').click();
    // A queue alone: the ticket waits there for its agents, and leaves this agent's view.
    await page.waitForURL(/\/tickets$/);
    await eventually(async () => {
      const row = await h.atendo.knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', '5511977779001').first('t.status', 't.queue_id', 't.user_id');
      expect({ status: row.status, queue: Number(row.queue_id), user: row.user_id }).toEqual({ status: 'pending', queue: h.queueIds[1], user: null });
    }, 15_000);
    await page.close();
  });
});
