import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * The contacts page as an admin uses it: a customer who wrote and a contact added by hand, extra information, the
 * search, an edit, an import with broken rows and its report, the CSV export, a ticket started from a contact, a
 * deletion. What the page shows is checked against the database only where the page cannot say it.
 */
describe('browser: contacts', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    // Before the browser signs in (one session per user).
    await h.customerSays('5511977770001', 'Olá', 'Bruna Cliente');
    await eventually(async () => expect(await h.atendo.knex('contacts').where({ number: '5511977770001' }).first()).toBeDefined());
  });
  afterAll(async () => stop?.());

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `contacts-${name}.png`) });
  const row = (page: Page, text: string) => page.locator('[data-testid^="contact-row-"]').filter({ hasText: text });

  it('adds, finds, edits, imports, exports, starts a ticket and deletes', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await signIn(page, h);
    await page.goto(`${h.url}/contacts`);
    await page.getByTestId('contacts-table').waitFor();
    await row(page, 'Bruna Cliente').waitFor();

    // Add one with extra information; a bad number is refused in the form first.
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill('Dora Ramos');
    await page.getByTestId('contact-number').fill('123');
    await page.getByTestId('contact-save').click();
    await page.getByText(/8 a 15 dígitos|8 to 15 digits/).waitFor();
    await page.getByTestId('contact-number').fill('+55 (11) 96666-0002');
    await page.getByTestId('contact-email').fill('dora@example.com');
    await page.getByTestId('contact-extra-add').click();
    await page.getByTestId('contact-extra-name-0').fill('Empresa');
    await page.getByTestId('contact-extra-value-0').fill('ACME');
    // The name given, nothing in the form is flagged any more.
    await expect.poll(() => page.locator('[data-testid="contact-dialog"] .bp6-intent-danger').count()).toBe(0);
    await shot(page, 'add');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-dialog').waitFor({ state: 'detached' });
    await row(page, 'Dora Ramos').waitFor();
    expect(await row(page, 'Dora Ramos').innerText()).toContain('5511966660002');

    // The same number again: the server says it has a contact, the dialog stays.
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill('Dora 2');
    await page.getByTestId('contact-number').fill('5511966660002');
    await page.getByTestId('contact-save').click();
    await page.getByText(/Já existe um contato com este número|A contact with this number already exists/).first().waitFor();
    await shot(page, 'duplicate');
    await page.getByTestId('contact-cancel').click();

    // Search, then edit.
    await page.getByTestId('contacts-search').fill('dora');
    await expect.poll(() => page.locator('[data-testid^="contact-row-"]').count(), { timeout: 5000 }).toBe(1);
    await row(page, 'Dora Ramos').locator('[data-testid^="contact-edit-"]').click();
    await expect.poll(() => page.getByTestId('contact-extra-value-0').inputValue()).toBe('ACME');
    await page.getByTestId('contact-name').fill('Dora Ramos Lima');
    await page.getByTestId('contact-save').click();
    await row(page, 'Dora Ramos Lima').waitFor();
    await page.getByTestId('contacts-search').fill('');

    // Import a CSV with broken rows: the progress, then the report.
    await page.getByTestId('contacts-import').click();
    const csv = ['nome;numero;email', 'Ester;5511955550001;ester@example.com', 'Sem número;;', 'Fábio;5511955550002;fabio@', 'Dora de novo;5511966660002;', 'Gil;5511955550003;'].join('\n');
    await page.getByTestId('contact-import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('contact-import-start').click();
    await page.getByTestId('contact-import-result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('contact-import-result').innerText()).toMatch(/2 (importados|imported), 3 (rejeitados|rejected)/);
    const report = await page.getByTestId('contact-import-rejected').locator('tbody tr').allInnerTexts();
    expect(report.map((r) => r.split('\t')[0])).toEqual(['3', '4', '5']);
    await shot(page, 'import-report');
    await page.getByTestId('contact-import-close').click();
    await row(page, 'Ester').waitFor();

    // Export: the CSV holds every contact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contacts-export').click()]);
    const exported = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(exported[0]).toBe('name;number;email');
    expect(exported).toContain('Dora Ramos Lima;5511966660002;dora@example.com');
    expect(exported).toContain('Ester;5511955550001;ester@example.com');

    await shot(page, 'list');

    // Start a ticket with Gil: the new-ticket dialog comes with Gil chosen, then the ticket opens.
    await row(page, 'Gil').locator('[data-testid^="contact-ticket-"]').click();
    await page.getByTestId('new-ticket-dialog').waitFor();
    await page.getByTestId('new-ticket-dialog').getByText('5511955550003').waitFor();
    // The dialog's opening animation over.
    await page.waitForTimeout(400);
    await shot(page, 'start-ticket');
    await page.getByTestId('new-ticket-confirm').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await shot(page, 'ticket');

    // Delete Bruna (who has a ticket) after confirming.
    await page.goto(`${h.url}/contacts`);
    await row(page, 'Bruna Cliente').locator('[data-testid^="contact-delete-"]').click();
    await page.getByTestId('contact-delete-confirm').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'delete-confirm');
    await page.getByTestId('contact-delete-confirm-confirm').click();
    await row(page, 'Bruna Cliente').waitFor({ state: 'detached' });
    await eventually(async () => expect(await h.atendo.knex('tickets').join('contacts', 'contacts.id', 'tickets.contact_id').where({ 'contacts.number': '5511977770001' }).first()).toBeUndefined());
    await page.close();
  });

  it('fits a phone', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await signIn(page, h);
    await page.goto(`${h.url}/contacts`);
    await row(page, 'Ester').waitFor();
    await shot(page, 'phone');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.close();
  });
});
