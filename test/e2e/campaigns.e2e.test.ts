import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CampaignView, ContactList } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

/**
 * Campaigns in the real console (issue 14): with a contact list made through the API, an admin writes a campaign in
 * the modal (a placeholder inserted from its chips), finds it inactive in the list, and once it runs opens its report:
 * the progress bar and counts follow the deliveries live, and the chart has its bars. The customers' phones (the
 * simulator) receive one message each, their names filled in.
 */
describe('browser: campaigns', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let token: string;
  const people = [
    { name: 'Ana Lima', number: '5511966660001', email: 'ana@example.com' },
    { name: 'Bruno Reis', number: '5511966660002', email: 'bruno@example.com' },
    { name: 'Carla Dias', number: '5511966660003', email: 'carla@example.com' },
  ];

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `campaigns-${name}.png`) });
  const received = async (number: string) =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${h.whatsappId}/customers/${number}/messages`)).json()) as { messages?: Array<{ sender: string; body: string }> }).messages
      ?.filter((m) => m.sender === 'platform')
      .map((m) => m.body) ?? [];

  beforeAll(async () => {
    // The console is under test here, not the send governor's pacing (campaigns.int tests that): short gaps and
    // cool-downs, so a connection that flaps on a loaded machine does not hold the three messages for minutes.
    ({ h, browser, stop } = await startBrowserHarness({ sendGovernor: { minSpacingMs: 50, maxSpacingMs: 200, reconnectCooldownMs: 500, disconnectedRecheckMs: 500 } }));
    token = (await h.login()).token;
  });
  afterAll(async () => stop?.());

  it('writes a campaign in the modal, runs it, and its report shows the progress and the deliveries chart', { timeout: 240_000 }, async () => {
    const list = (await h.api<ContactList>('/contact-lists', { token, body: { name: 'Clientes VIP' } })).body;
    for (const p of people) expect((await h.api('/contact-list-items', { token, body: { contactListId: list.id, ...p } })).status).toBe(201);
    // The list's checker asks WhatsApp (the simulator) about each number; only valid ones are sent to.
    await eventually(async () => {
      const { rows } = await h.atendo.knex.raw(`SELECT count(*) AS n FROM contact_list_items WHERE contact_list_id = ? AND is_whatsapp_valid`, [list.id]);
      expect(Number(rows[0].n)).toBe(people.length);
    }, 60_000);

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signIn(page, h);
    await page.evaluate("localStorage.setItem('cshow', '1'); localStorage.setItem('i18nextLng', 'pt')");

    // The settings page: no pause of the campaign's own between messages (only the send governor spaces them), and a
    // variable for the messages; the same key twice is refused.
    await page.goto(`${h.url}/campaigns-config`);
    await page.getByTestId('campaign-settings-messageInterval').selectOption('0');
    await page.getByTestId('campaign-settings-longerIntervalAfter').selectOption('0');
    await page.getByTestId('campaign-settings-greaterInterval').selectOption('0');
    const addVariable = async (key: string, value: string) => {
      await page.getByTestId('campaign-variable-key').fill(key);
      await page.getByTestId('campaign-variable-value').fill(value);
      await page.getByTestId('campaign-variable-add').click();
    };
    await addVariable('loja', 'Loja Centro');
    await addVariable('loja', 'Outra');
    await page.getByTestId('campaign-variable-refusal').waitFor();
    expect(await page.getByTestId('campaign-variable').count()).toBe(1);
    await shot(page, 'settings');
    await page.getByTestId('campaign-settings-save').click();
    await page.getByText('Configurações salvas.').waitFor();
    expect((await h.api('/campaign-settings', { token })).body).toEqual({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] });

    await page.goto(`${h.url}/campaigns`);
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-form').waitFor();
    await page.getByTestId('campaign-name').fill('Promoção de verão');
    await page.getByTestId('campaign-whatsappId').selectOption({ value: String(h.whatsappId) });
    await page.getByTestId('campaign-contactListId').selectOption({ label: 'Clientes VIP' });
    await page.getByTestId('campaign-message1').fill('Olá ');
    await page.getByTestId('campaign-placeholder').filter({ hasText: '{nome}' }).click();
    await page.getByTestId('campaign-message1').press('End');
    await page.getByTestId('campaign-message1').pressSequentially(', a ');
    await page.getByTestId('campaign-placeholder').filter({ hasText: '{loja}' }).click();
    await page.getByTestId('campaign-message1').press('End');
    await page.getByTestId('campaign-message1').pressSequentially(' tem ofertas!');
    await expect.poll(() => page.getByTestId('campaign-message1').inputValue()).toBe('Olá {nome}, a {loja} tem ofertas!');
    await page.getByRole('tab', { name: '2' }).click();
    await page.getByTestId('campaign-message2').waitFor();
    await shot(page, 'dialog');
    await page.getByRole('tab', { name: '1' }).click();
    await page.getByTestId('campaign-submit').click();

    const row = page.getByTestId('campaign-row').filter({ hasText: 'Promoção de verão' });
    await row.waitFor();
    expect(await row.getByTestId('campaign-status').textContent()).toBe('Inativa');
    expect(await row.textContent()).toContain('Clientes VIP');
    const campaignId = Number(await row.getAttribute('data-campaign-id'));

    // Its start a moment ahead (the form's picker has whole minutes): the jobs role starts it then, the row follows live.
    const start = new Date(Date.now() + 2_000).toISOString();
    expect((await h.api<CampaignView>(`/campaigns/${campaignId}`, { method: 'PUT', token, body: { scheduledAt: start } })).status).toBe(200);
    await eventually(async () => expect(await row.getByTestId('campaign-status').textContent()).toMatch(/Programada|Em andamento|Finalizada/), 10_000);
    await shot(page, 'list');

    await row.getByTestId('campaign-report').click();
    await page.waitForURL(new RegExp(`/campaign/${campaignId}/report$`));
    await page.getByTestId('campaign-report-progress').waitFor();

    // Live: every message delivered, 100 %, then the report reloads (5 s after the finish) and the chart has its bars.
    await eventually(async () => expect(await page.getByTestId('campaign-report-progress').getAttribute('data-percent')).toBe('100'), 120_000, 250);
    await eventually(async () => expect(await page.getByTestId('campaign-status').first().textContent()).toBe('Finalizada'), 20_000, 250);
    await eventually(async () => {
      const bars = page.getByTestId('campaign-chart-bar');
      const delivered = await bars.evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-delivered')), 0));
      expect(delivered).toBe(people.length);
    }, 20_000, 250);
    expect(await page.getByTestId('campaign-count-validContacts').textContent()).toContain(String(people.length));
    expect(await page.getByTestId('campaign-count-delivered').textContent()).toContain(String(people.length));
    expect(await page.getByTestId('campaign-shipping-row').count()).toBe(people.length);
    await shot(page, 'report');

    for (const p of people) expect(await received(p.number)).toEqual([`Olá ${p.name}, a Loja Centro tem ofertas!`]);

    // Finished: the modal shows it read-only, with nothing to save.
    await page.goto(`${h.url}/campaigns`);
    await row.getByTestId('campaign-edit').click();
    await page.getByTestId('campaign-readonly').waitFor();
    expect(await page.getByTestId('campaign-name').isDisabled()).toBe(true);
    expect(await page.getByTestId('campaign-submit').count()).toBe(0);
    await page.waitForTimeout(400);
    await shot(page, 'readonly');
    await page.getByTestId('campaign-close').click();
    await row.getByTestId('campaign-report').click();
    await page.getByTestId('campaign-chart').waitFor();

    // Dark theme and a phone: the same report, legible.
    await page.getByTestId('theme-toggle').first().click();
    await page.waitForTimeout(300);
    await shot(page, 'report-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${h.url}/campaigns`);
    await page.getByTestId('campaign-row').first().waitFor();
    await shot(page, 'list-phone');
    await page.close();
  });
});
