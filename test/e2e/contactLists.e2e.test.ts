import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Contact lists in the real console: an admin adds a list, opens its contacts, imports a spreadsheet (made here with
 * exceljs) with good and broken rows, watches the upload's bar and reads the report, then sees the rows, each with
 * WhatsApp's verdict once the jobs role has asked; the lists page shows the new count.
 */
describe('browser: contact lists', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `contactLists-${name}.png`) });

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
  });
  afterAll(async () => stop?.());

  it('adds a list, imports a spreadsheet with progress and a per-row report, and shows the contacts with their WhatsApp check', { timeout: 180_000 }, async () => {
    const token = (await h.login()).token;
    // The company's default number is a Baileys one whose fake WhatsApp does not know one of the numbers.
    await h.linkNumber(token, { name: 'Listas', isDefault: true, queueIds: [h.queueIds[0]] });
    h.whatsapp.unknownNumbers.add('5511987650002');

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signIn(page, h);
    await page.evaluate("localStorage.setItem('cshow', '1'); localStorage.setItem('i18nextLng', 'pt')");

    await page.goto(`${h.url}/contact-lists`);
    await page.getByTestId('contact-lists-add').click();
    await page.locator('#contact-list-name').fill('Clientes de março');
    await page.getByTestId('contact-list-submit').click();
    const row = page.locator('[data-testid^="contact-list-row-"]').filter({ hasText: 'Clientes de março' });
    await row.waitFor();
    const listId = Number((await row.getAttribute('data-testid'))!.replace('contact-list-row-', ''));
    expect(await page.getByTestId(`contact-list-count-${listId}`).innerText()).toBe('0');

    await page.getByTestId(`contact-list-open-${listId}`).click();
    await page.waitForURL(new RegExp(`/contact-lists/${listId}/contacts$`));
    await eventually(async () => expect(await page.getByTestId('contact-list-title').innerText()).toBe('Clientes de março'));

    // Two broken rows and a repeated number among many good ones.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planilha1');
    sheet.addRow(['Nome', 'Número', 'E-mail', 'Observação']);
    sheet.addRow(['Ana Souza', '5511987650001', 'ana@example.com']);
    sheet.addRow(['Bruno Lima', '5511987650002', '']);
    sheet.addRow(['C', '5511987650003', '']);
    sheet.addRow(['Daniela Reis', '5511987650004', 'daniela@']);
    sheet.addRow(['Ana de novo', '+55 11 98765-0001', '']);
    // A column the import does not read, with notes that do not compress, makes a file big enough to watch going out.
    for (let i = 0; i < 300; i++) sheet.addRow([`Pessoa ${String(i).padStart(4, '0')}`, `55119877${String(i).padStart(5, '0')}`, '', randomBytes(200).toString('hex')]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    // A slow line (as from a phone's connection), so the bar can be seen moving with the bytes sent.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: Math.ceil(file.length / 4) });
    await page.getByTestId('contact-list-import').click();
    await page.getByTestId('contact-list-import-file').setInputFiles({ name: 'clientes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await page.getByTestId('contact-list-import-send').click();
    const progress = page.getByTestId('contact-list-import-progress');
    await progress.filter({ hasText: /Enviando o arquivo… ([1-9]\d?)%/ }).waitFor({ timeout: 10_000 });
    const width = await progress.locator('[class*="progress-meter"]').first().getAttribute('style');
    const bar = parseFloat(/width:\s*([\d.]+)%/.exec(width ?? '')?.[1] ?? 'NaN');
    expect(bar).toBeGreaterThan(0);
    expect(bar).toBeLessThan(100);
    await shot(page, 'progress');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const summary = page.getByTestId('contact-list-import-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toBe('302 adicionados, 1 já na lista, 2 inválidos, de 305 linhas.');
    const report = await page.getByTestId('contact-list-import-rows').locator('tbody tr').allInnerTexts();
    expect(report.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      '4 C 5511987650003 Inválido Nome: deve ter pelo menos 2 caracteres',
      '5 Daniela Reis 5511987650004 Inválido E-mail: deve ser um e-mail válido',
      '6 Ana de novo +55 11 98765-0001 Duplicado Esta lista já tem um contato com este número.',
    ]);
    await shot(page, 'report');
    await page.getByTestId('contact-list-import-close').click();

    // The rows are there; WhatsApp's verdicts arrive live: Ana has WhatsApp, Bruno has not.
    const items = page.getByTestId('contact-list-items-table');
    await items.getByText('Ana Souza').waitFor();
    const verdict = async (name: string) => items.locator('tr').filter({ hasText: name }).locator('[data-testid^="contact-list-item-whatsapp-"]').getAttribute('data-state');
    await eventually(async () => {
      expect(await verdict('Ana Souza')).toBe('valid');
      expect(await verdict('Bruno Lima')).toBe('invalid');
    }, 30_000);
    await page.getByTestId('contact-list-items-search').fill('bruno');
    await eventually(async () => expect(await items.locator('tbody tr').count()).toBe(1));
    await shot(page, 'contacts');

    // Edited and then deleted (asked first), Bruno leaves the list.
    const bruno = items.locator('tbody tr').filter({ hasText: 'Bruno Lima' });
    const brunoId = (await bruno.getAttribute('data-testid'))!.replace('contact-list-item-row-', '');
    await page.getByTestId(`contact-list-item-edit-${brunoId}`).click();
    await page.locator('#contact-list-item-name').fill('Bruno Lima Filho');
    await page.getByTestId('contact-list-item-submit').click();
    await items.getByText('Bruno Lima Filho').waitFor();
    await page.getByTestId(`contact-list-item-delete-${brunoId}`).click();
    await page.getByTestId('contact-list-item-delete-dialog-confirm').click();
    await eventually(async () => expect(await items.locator('tbody tr').count()).toBe(0));

    await page.getByTestId('contact-list-back').click();
    await page.waitForURL(/\/contact-lists$/);
    await eventually(async () => expect(await page.getByTestId(`contact-list-count-${listId}`).innerText()).toBe('301'));
    await shot(page, 'lists');

    // The example spreadsheet downloads, and is what an import reads.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`contact-list-example-${listId}`).click()]);
    expect(download.suggestedFilename()).toBe('contact-list-example.xlsx');
    const example = new ExcelJS.Workbook();
    await example.xlsx.readFile((await download.path())!);
    expect(example.worksheets[0]!.getRow(1).values).toEqual([undefined, 'name', 'number', 'email']);
    expect(example.worksheets[0]!.rowCount).toBe(2);

    // Deleting the list asks first, then takes it and its contacts away.
    await page.getByTestId(`contact-list-delete-${listId}`).click();
    expect(await page.getByTestId('contact-list-delete-dialog').innerText()).toContain('301');
    await page.getByTestId('contact-list-delete-dialog-confirm').click();
    // 301 contacts go one by one (each its own event) before the list does.
    await eventually(async () => expect(await page.getByTestId(`contact-list-row-${listId}`).count()).toBe(0), 60_000);
    await shot(page, 'deleted');
    await page.close();
  });
});
