import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListTicketsResponse, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { artifacts, signIn, startBrowserHarness } from './browser.js';
import { addUser, type TestUser } from '../../services/runtime/src/testing/accounts.js';
import type { Harness } from '../../services/runtime/src/testing/harness.js';

interface Counters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
}

/**
 * The dashboard as an admin opens it at `/`: four customers wrote today; the admin served and resolved one, an agent
 * took two (resolving one), one still waits. The counters show what the API counts, the per-hour chart (today is one
 * day) and the per-attendant chart have their bars, the attendants and the times have their rows, and a week's filter
 * turns the chart into days. Screenshots in English, Portuguese, Spanish, the dark theme and on a 390 px phone.
 */
describe('browser: the dashboard', () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let adminToken: string;
  let agent: TestUser;
  let agentToken: string;
  const ZONE = 'America/Sao_Paulo';

  /** The whole page: the dashboard scrolls inside the console's frame, so the window is made as tall as it for the shot. */
  const shot = async (page: Page, name: string) => {
    const viewport = page.viewportSize()!;
    const height = (await page.locator('.dashboard-body').evaluate((el) => el.scrollHeight - el.clientHeight)) as number;
    await page.setViewportSize({ width: viewport.width, height: viewport.height + Math.max(0, height) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `dashboard-${name}.png`) });
    await page.setViewportSize(viewport);
  };
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const ticketOf = (number: string) =>
    eventually(async () => {
      const t = (await h.api<ListTicketsResponse>(`/tickets?searchParam=${number}&showAll=true`, { token: adminToken })).body.tickets[0];
      expect(t).toBeDefined();
      return t!;
    }, 15_000);
  const put = async (ticket: Ticket, token: string, body: object) => expect((await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body })).status).toBe(200);
  const reply = async (ticket: Ticket, token: string, body: string) => expect((await h.api(`/messages/${ticket.id}`, { token, body: { body } })).status).toBe(201);

  beforeAll(async () => {
    ({ h, browser, stop } = await startBrowserHarness());
    adminToken = (await h.login()).token;
    agent = await addUser(h, 'dashboard-agent@demo.test', { queueIds: h.queueIds });
    agentToken = (await h.login(agent.email, agent.password)).token;
    const customers = [
      ['5511955550001', 'Meu pedido atrasou', 'Helena Prado'],
      ['5511955550002', 'Quero mudar o endereço', 'Igor Matos'],
      ['5511955550003', 'Vocês entregam no sábado?', 'Joana Reis'],
      ['5511955550004', 'Preciso da segunda via', 'Kleber Dias'],
    ] as const;
    const tickets: Ticket[] = [];
    for (const [number, text, name] of customers) {
      await h.customerSays(number, text, name);
      tickets.push(await ticketOf(number));
    }
    const [first, second, third] = tickets as [Ticket, Ticket, Ticket, Ticket];
    await put(first, adminToken, { status: 'open' });
    await reply(first, adminToken, 'Vou verificar agora mesmo.');
    await put(first, adminToken, { status: 'closed' });
    await put(second, agentToken, { status: 'open' });
    await reply(second, agentToken, 'Claro, qual o novo endereço?');
    await put(third, agentToken, { status: 'open' });
    await reply(third, agentToken, 'Entregamos sim, até as 14h.');
    await put(third, agentToken, { status: 'closed' });
    // The read models have the four tickets before the page asks.
    await eventually(async () => {
      const answer = (await h.api<{ counters: Counters }>(`/dashboard?date_from=${today()}&date_to=${today()}`, { token: adminToken })).body;
      expect(answer.counters.supportFinished).toBe(2);
    }, 15_000);
  });
  afterAll(async () => stop?.());

  /** Opens `/` in `language` (and `theme`), waits for the counters and both charts. */
  async function open(page: Page, language: 'en' | 'pt' | 'es', theme: 'light' | 'dark' = 'light') {
    await page.evaluate(`localStorage.setItem('i18nextLng', '${language}'); localStorage.setItem('theme', '${theme}')`);
    await page.goto(`${h.url}/`);
    await page.getByTestId('dashboard-counter-supportFinished-value').waitFor();
    await page.locator('[data-testid="dashboard-chart-hours"] svg.dashboard-chart').waitFor();
    await page.locator('[data-testid="dashboard-chart-users"] svg.dashboard-chart').waitFor();
    await page.getByTestId('dashboard-times').waitFor();
    // The icons (stars, arrows) load on first use.
    await page.waitForTimeout(400);
  }

  it('an admin opens / and sees the counters, both charts with data, the attendants and the times', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    await signIn(page, h);
    await page.getByTestId('menu-dashboard').click();
    await page.waitForURL((url) => url.pathname === '/');
    await open(page, 'en');

    const counters = (await h.api<{ counters: Counters }>(`/dashboard?date_from=${today()}&date_to=${today()}`, { token: adminToken })).body.counters;
    for (const id of ['supportHappening', 'supportPending', 'supportFinished'] as const) {
      expect(await page.getByTestId(`dashboard-counter-${id}-value`).textContent(), id).toBe(String(counters[id]));
    }
    expect(counters).toMatchObject({ supportFinished: 2 });
    expect(await page.getByTestId('dashboard-counter-avgWaitTime-value').textContent()).toMatch(/min|—/);

    // Today is one day: tickets per hour, 24 bars, four tickets in them.
    const hours = page.getByTestId('dashboard-chart-hours');
    expect(await hours.getAttribute('data-total')).toBe('4');
    await expect.poll(() => hours.getByTestId('dashboard-chart-hours-bar').count()).toBe(24);
    expect(await hours.locator('svg.dashboard-chart').getAttribute('aria-label')).toBe('Tickets per hour: 4 tickets');
    const users = page.getByTestId('dashboard-chart-users');
    const userBars = await users.getByTestId('dashboard-chart-users-bar').evaluateAll((bars) => bars.map((bar) => [bar.getAttribute('data-label'), bar.getAttribute('data-value')]));
    expect(userBars).toEqual(expect.arrayContaining([['dashboard-agent', '2']]));
    await page.getByTestId('dashboard-attendants').getByText('dashboard-agent').waitFor();
    expect(await page.getByTestId('dashboard-times-row').count()).toBeGreaterThan(0);
    await shot(page, 'en');

    // Grouped by attendant, then the last 7 days: the chart counts per day.
    await page.getByRole('radio', { name: 'Attendant' }).click();
    await page.locator('[data-testid="dashboard-times"][data-by="user"]').waitFor();
    await page.getByTestId('dashboard-days').selectOption('7');
    await page.getByTestId('dashboard-apply').click();
    const days = page.getByTestId('dashboard-chart-days');
    await days.locator('svg.dashboard-chart').waitFor();
    await expect.poll(() => days.getByTestId('dashboard-chart-days-bar').count()).toBe(7);
    expect(await days.getAttribute('data-total')).toBe('4');

    // The export comes through the API with the token, named by the period.
    const download = page.waitForEvent('download');
    await page.getByTestId('dashboard-export-csv').click();
    expect((await download).suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // Neither a period nor a range: the filter says so.
    await page.getByTestId('dashboard-days').selectOption('');
    await page.getByTestId('dashboard-from').fill('');
    await page.getByTestId('dashboard-apply').click();
    await page.getByText('Choose a period or a date range to filter by.').waitFor();

    await open(page, 'pt');
    await page.getByRole('heading', { name: 'Tickets por hora' }).waitFor();
    expect(await page.getByTestId('dashboard-counter-supportPending').textContent()).toContain('Aguardando');
    await shot(page, 'pt');
    await open(page, 'es');
    await page.getByRole('heading', { name: 'Tickets por hora' }).waitFor();
    expect(await page.getByTestId('dashboard-counter-supportFinished').textContent()).toContain('Finalizados');
    await shot(page, 'es');

    // Dark: the bars in Blueprint's dark blue, on the dark card.
    await open(page, 'en', 'dark');
    const fill = await page
      .locator('[data-testid="dashboard-chart-hours"] .dashboard-chart-bar')
      .first()
      .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { fill: string } }).getComputedStyle(el).fill);
    expect(fill).toBe('rgb(76, 144, 240)');
    await shot(page, 'dark');
    await page.close();
  });

  it('on a 390 px phone the cards stack and the charts fit the width', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, timezoneId: ZONE });
    await signIn(page, h);
    await open(page, 'pt');
    const boxes = await Promise.all(
      ['supportHappening', 'supportPending', 'supportFinished'].map(async (id) => (await page.getByTestId(`dashboard-counter-${id}`).boundingBox())!),
    );
    // One card a line: same left edge, each below the one before.
    expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(1);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    for (const chart of ['dashboard-chart-hours', 'dashboard-chart-users']) {
      const svg = (await page.locator(`[data-testid="${chart}"] svg.dashboard-chart`).boundingBox())!;
      expect(svg.x).toBeGreaterThanOrEqual(0);
      expect(svg.x + svg.width, chart).toBeLessThanOrEqual(390);
    }
    // Nothing wider than the screen but the tables' own scrollers.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(page, 'phone');
    await page.close();
  });
});
