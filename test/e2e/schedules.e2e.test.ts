import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SchedulePage } from '@atendo/contracts';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * The schedules calendar in the real console, in Portuguese (the stored language; the calendar's locale is pt-BR):
 * a user schedules a message through the add dialog, finds it at its time in the month and agenda views titled by
 * the contact, opens /schedules?contactId=… to get the dialog with the contact filled in, and sees the calendar in
 * the dark theme too.
 */
describe('browser: schedules calendar', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  let contactId: number;

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `schedules-${name}.png`) });
  const pad = (n: number) => String(n).padStart(2, '0');
  /** Tomorrow at 10:00, as the date-time input takes it (read in the browser's zone, São Paulo: UTC-3). */
  const tomorrowAtTen = () => {
    const d = new Date(Date.now() + 86_400_000);
    d.setHours(10, 0, 0, 0);
    return d;
  };
  const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    token = (await h.login()).token;
    contactId = (await h.api<{ id: number }>('/contacts', { token, body: { name: 'Carla Dias', number: '5511977770007' } })).body.id;
    await h.api('/contacts', { token, body: { name: 'Bruno Lima', number: '5511977770008' } });
  });
  afterAll(async () => stop?.());

  it('creates a schedule in the dialog and shows it in the month and agenda views; ?contactId= fills the dialog', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, timezoneId: 'America/Sao_Paulo' });
    await signIn(page, h);
    await page.evaluate("localStorage.setItem('i18nextLng', 'pt')");
    await page.goto(`${h.url}/schedules`);
    await page.getByTestId('schedules-calendar').waitFor();
    // The pt-BR locale: the toolbar and the month's weekdays in Portuguese.
    await page.locator('.rbc-toolbar button', { hasText: 'Mês' }).waitFor();
    expect(await page.locator('.rbc-month-header .rbc-header').first().textContent()).toMatch(/^dom/i);

    await page.getByTestId('schedule-add').click();
    await page.getByTestId('schedule-form').waitFor();
    await page.getByTestId('schedule-submit').click();
    await page.locator('.bp6-form-helper-text', { hasText: /obrigatório/i }).first().waitFor();
    await page.getByTestId('schedule-contact').fill('Car');
    await page.getByTestId('schedule-contact-option').filter({ hasText: 'Carla Dias' }).click();
    await page.getByTestId('schedule-body').fill('{{greeting}}, {{firstName}}! Sua consulta é amanhã.');
    const when = tomorrowAtTen();
    await page.getByTestId('schedule-send-at').fill(localInput(when));
    await page.getByTestId('schedule-preview').filter({ hasText: 'Bom dia, Carla! Sua consulta é amanhã.' }).waitFor();
    await shot(page, 'dialog');
    await page.getByTestId('schedule-submit').click();
    await page.getByText('Agendamento salvo com sucesso!').waitFor();

    const saved = (await h.api<SchedulePage>('/schedules', { token })).body.schedules;
    expect(saved).toEqual([expect.objectContaining({ contactId, status: 'PENDENTE', sendAt: new Date(`${localInput(when)}:00-03:00`).toISOString(), body: '{{greeting}}, {{firstName}}! Sua consulta é amanhã.' })]);

    // Month view: the event at its day, titled by the contact (next month's page if tomorrow is in it).
    if (when.getMonth() !== new Date().getMonth()) await page.locator('.rbc-toolbar button', { hasText: 'Próximo' }).click();
    const event = page.locator('.rbc-month-view [data-testid="schedule-event"]', { hasText: 'Carla Dias' });
    await event.waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'month');

    // Agenda view: a row with the date, the time and the contact.
    await page.locator('.rbc-toolbar button', { hasText: 'Agenda' }).click();
    const row = page.locator('.rbc-agenda-view tr', { hasText: 'Carla Dias' });
    await row.waitFor();
    expect(await row.locator('.rbc-agenda-time-cell').textContent()).toMatch(/10:00/);
    await page.waitForTimeout(300);
    await shot(page, 'agenda');

    // A click on it opens it for editing.
    await row.getByTestId('schedule-event').click();
    await page.getByText('Mensagem agendada').waitFor();
    expect(await page.getByTestId('schedule-body').inputValue()).toBe('{{greeting}}, {{firstName}}! Sua consulta é amanhã.');
    await page.getByTestId('schedule-cancel').click();

    // ?contactId= opens the add dialog with the contact filled in.
    await page.goto(`${h.url}/schedules?contactId=${contactId}`);
    await page.getByTestId('schedule-form').waitFor();
    await expect.poll(() => page.getByTestId('schedule-contact').inputValue()).toBe('Carla Dias');
    expect(await page.getByText('Agendar mensagem').count()).toBe(1);
    await shot(page, 'prefilled');
    await page.getByTestId('schedule-cancel').click();

    // The dark theme: the calendar in Blueprint's dark grays.
    await page.evaluate("localStorage.setItem('theme', 'dark')");
    await page.goto(`${h.url}/schedules`);
    if (when.getMonth() !== new Date().getMonth()) await page.locator('.rbc-toolbar button', { hasText: 'Próximo' }).click();
    await page.locator('.rbc-month-view [data-testid="schedule-event"]', { hasText: 'Carla Dias' }).waitFor();
    const background = await page.locator('.rbc-off-range-bg').first().evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(28, 33, 39)');
    await page.waitForTimeout(300);
    await shot(page, 'month-dark');
    await page.close();
  });
});
