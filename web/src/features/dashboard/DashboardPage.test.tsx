import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../ui/toaster';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import type { DashboardAnswer, DashboardTimesRow, TicketsPerDay, TicketsPerUser } from '@atendo/contracts/dashboard';
import { DashboardPage } from './DashboardPage';
import { dashboardFeature } from './feature';
import { addDays, isoDay } from './period';

const today = isoDay(new Date());

const summary: DashboardAnswer = {
  counters: { supportHappening: 4, supportPending: 2, supportFinished: 10, avgSupportTime: 12.5, avgWaitTime: 90, leads: 3 },
  previous: { counters: { supportHappening: 2, supportPending: 4, supportFinished: 8, avgSupportTime: 10, avgWaitTime: 60, leads: 1 } },
  attendants: [
    { id: 3, name: 'Ana', rating: 2.5, avgSupportTime: 14, online: true, tickets: 6 },
    { id: 4, name: 'Bruno', rating: 0, avgSupportTime: 0, online: false, tickets: 0 },
  ],
};
const perHour: TicketsPerDay = { data: [{ horario: '09', total: 3 }, { horario: '14', total: 1 }], count: 4 };
const perUser: TicketsPerUser = { data: [{ nome: 'Bruno', quantidade: 1 }, { nome: 'Ana', quantidade: 3 }], count: 4 };
const figures = (median: number, business: number) => ({ median, p90: median * 2, businessMedian: business, businessP90: business * 2 });
const timesRow = (id: number, name: string): DashboardTimesRow => ({ id, name, tickets: 4, firstResponse: figures(5, 2), resolution: figures(120, 45), wait: figures(1.5, 0.5) });

type Handler = (call: FakeCall, url: URL) => { status?: number; body?: unknown } | undefined;

/** The dashboard's routes: one day per hour, a longer period per day; `other` first. */
function serve(other: Handler = () => undefined) {
  return fakeFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const answer = other(call, url);
    if (answer) return answer;
    switch (url.pathname) {
      case '/dashboard':
        return { body: summary };
      case '/dashboard/ticketsDay': {
        const from = url.searchParams.get('initialDate')!;
        if (from === url.searchParams.get('finalDate')) return { body: perHour };
        return { body: { data: [{ data: from, total: 2 }, { data: addDays(from, 2), total: 5 }], count: 7 } };
      }
      case '/dashboard/ticketsUsers':
        return { body: perUser };
      case '/dashboard/times':
        return { body: { rows: url.searchParams.get('by') === 'user' ? [timesRow(3, 'Ana')] : [timesRow(1, 'Sales'), timesRow(2, 'Support')] } };
      default:
        return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }
  });
}

const renderPage = () => renderSignedIn(<DashboardPage />, { user: admin, path: '/', route: '/' });
const paths = (calls: FakeCall[], path: string) => calls.filter((call) => new URL(call.url, 'http://localhost').pathname === path).map((call) => call.url);
const toasts = () => Array.from(document.querySelectorAll('.bp6-toast')).map((toast) => toast.textContent);
const counter = (id: string) => screen.getByTestId(`dashboard-counter-${id}`);

describe('dashboard page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows today's counters, each with its trend against the previous period (a longer time is worse news)", async () => {
    const { calls } = serve();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('dashboard-counter-supportHappening-value').textContent).toBe('4'));
    expect(paths(calls, '/dashboard')).toEqual([`/dashboard?date_from=${today}&date_to=${today}`]);

    const trend = (id: string) => within(counter(id)).getByTestId(`dashboard-counter-${id}-trend`);
    expect(counter('supportHappening').textContent).toContain('In progress');
    expect(trend('supportHappening').textContent).toContain('100%');
    expect(trend('supportHappening').dataset).toMatchObject({ direction: 'up', tone: 'neutral' });
    expect(trend('supportPending').dataset).toMatchObject({ direction: 'down', tone: 'good' });
    expect(trend('supportPending').textContent).toContain('Down 50% on the previous period');
    expect(trend('supportFinished').dataset).toMatchObject({ direction: 'up', tone: 'good' });
    expect(trend('supportFinished').textContent).toContain('25%');

    expect(screen.getByTestId('dashboard-counter-avgSupportTime-value').textContent).toBe('12.5 min');
    expect(trend('avgSupportTime').dataset).toMatchObject({ direction: 'up', tone: 'bad' });
    expect(screen.getByTestId('dashboard-counter-avgWaitTime-value').textContent).toBe('1 h 30 min');
    expect(trend('avgWaitTime').textContent).toContain('Up 50% on the previous period');
    expect(trend('avgWaitTime').dataset.tone).toBe('bad');

    const ana = screen.getByTestId('dashboard-attendant-3');
    expect(within(ana).getByRole('img', { name: 'Rated 2.5 of 3' })).toBeTruthy();
    expect(ana.textContent).toContain('14 min');
    expect(ana.textContent).toContain('Online');
    expect(screen.getByTestId('dashboard-attendant-4').textContent).toContain('Offline');
    expect(within(screen.getByTestId('dashboard-attendant-4')).getByRole('img', { name: 'No rating yet' })).toBeTruthy();
  });

  it('refuses a filter with neither a period nor a whole date range, then filters by the last 7 days', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByTestId('dashboard-counter-supportHappening-value');
    await userEvent.clear(screen.getByTestId('dashboard-from'));
    await userEvent.click(screen.getByTestId('dashboard-apply'));
    await waitFor(() => expect(toasts()).toContain('Choose a period or a date range to filter by.'));
    expect(paths(calls, '/dashboard')).toHaveLength(1);

    await userEvent.selectOptions(screen.getByTestId('dashboard-days'), '7');
    expect(screen.getByTestId<HTMLInputElement>('dashboard-to').disabled).toBe(true);
    await userEvent.click(screen.getByTestId('dashboard-apply'));
    await waitFor(() => expect(paths(calls, '/dashboard')).toEqual([`/dashboard?date_from=${today}&date_to=${today}`, '/dashboard?days=7']));
    expect(paths(calls, '/dashboard/ticketsDay').at(-1)).toBe(`/dashboard/ticketsDay?initialDate=${addDays(today, -6)}&finalDate=${today}`);
    expect(paths(calls, '/dashboard/ticketsUsers').at(-1)).toBe(`/dashboard/ticketsUsers?initialDate=${addDays(today, -6)}&finalDate=${today}`);
  });

  it('charts a one-day range per hour and a longer one per day; tickets per attendant busiest first', async () => {
    serve();
    renderPage();
    const hours = await screen.findByTestId('dashboard-chart-hours');
    expect(within(hours).getByRole('img').getAttribute('aria-label')).toBe('Tickets per hour: 4 tickets');
    const hourBars = within(hours).getAllByTestId('dashboard-chart-hours-bar');
    expect(hourBars).toHaveLength(24);
    expect(hourBars.filter((bar) => bar.dataset.value !== '0').map((bar) => [bar.dataset.label, bar.dataset.value])).toEqual([
      ['09h', '3'],
      ['14h', '1'],
    ]);
    expect(hourBars[9]!.querySelector('title')?.textContent).toBe('09h: 3');

    const users = screen.getByTestId('dashboard-chart-users');
    expect(within(users).getAllByTestId('dashboard-chart-users-bar').map((bar) => [bar.dataset.label, bar.dataset.value])).toEqual([
      ['Ana', '3'],
      ['Bruno', '1'],
    ]);

    await userEvent.selectOptions(screen.getByTestId('dashboard-days'), '7');
    await userEvent.click(screen.getByTestId('dashboard-apply'));
    const days = await screen.findByTestId('dashboard-chart-days');
    const dayBars = within(days).getAllByTestId('dashboard-chart-days-bar');
    expect(dayBars).toHaveLength(7);
    const first = addDays(today, -6);
    expect(dayBars[0]!.dataset).toMatchObject({ label: `${first.slice(8)}/${first.slice(5, 7)}`, value: '2' });
    expect(dayBars[2]!.dataset.value).toBe('5');
    expect(within(days).getByRole('img').getAttribute('aria-label')).toBe('Tickets per day: 7 tickets');
    expect(screen.queryByTestId('dashboard-chart-hours')).toBeNull();
  });

  it("toasts the spec's chart errors when a chart's figures do not come, and asks again on retry", async () => {
    let down = true;
    serve((_call, url) => (down && (url.pathname === '/dashboard/ticketsUsers' || url.pathname === '/dashboard/ticketsDay') ? { status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } } : undefined));
    renderPage();
    await waitFor(() => expect(toasts()).toEqual(expect.arrayContaining(['Could not load the tickets per attendant.', 'Could not load the tickets per day.'])));
    expect(screen.queryByTestId('dashboard-chart-users')).toBeNull();
    down = false;
    await userEvent.click(screen.getByTestId('dashboard-chart-users-retry'));
    expect(within(await screen.findByTestId('dashboard-chart-users')).getAllByTestId('dashboard-chart-users-bar')).toHaveLength(2);
    expect(screen.getByTestId('dashboard-chart-days-retry')).toBeTruthy();
  });

  it('groups the times by queue, then by attendant, by the clock or in business hours', async () => {
    const { calls } = serve();
    renderPage();
    const table = await screen.findByTestId('dashboard-times');
    expect(table.dataset.by).toBe('queue');
    expect(within(table).getAllByTestId('dashboard-times-row').map((row) => row.querySelector('td')?.textContent)).toEqual(['Sales', 'Support']);
    expect(within(table).getAllByTestId('dashboard-times-resolution-median')[0]!.textContent).toBe('2 h 0 min');
    expect(within(table).getAllByTestId('dashboard-times-firstResponse-p90')[0]!.textContent).toBe('10 min');

    await userEvent.click(screen.getByRole('radio', { name: 'Attendant' }));
    await waitFor(() => expect(screen.getByTestId('dashboard-times').dataset.by).toBe('user'));
    expect(paths(calls, '/dashboard/times')).toEqual([`/dashboard/times?date_from=${today}&date_to=${today}&by=queue`, `/dashboard/times?date_from=${today}&date_to=${today}&by=user`]);
    const byUser = screen.getByTestId('dashboard-times');
    expect(within(byUser).getAllByTestId('dashboard-times-row').map((row) => row.querySelector('td')?.textContent)).toEqual(['Ana']);
    expect(within(byUser).getByRole('columnheader', { name: 'Attendant' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Business hours only' }));
    expect(within(screen.getByTestId('dashboard-times')).getByTestId('dashboard-times-resolution-median').textContent).toBe('45 min');
    expect(within(screen.getByTestId('dashboard-times')).getByTestId('dashboard-times-wait-p90').textContent).toBe('1 min');
  });

  it("exports the period's tickets as CSV or XLSX through the API, with the token, under the period's name", async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = serve((_call, url) => (url.pathname.startsWith('/dashboard/export.') ? { body: 'ticketId,contact' } : undefined));
    renderPage();
    await screen.findByTestId('dashboard-counter-supportHappening-value');
    await userEvent.click(screen.getByTestId('dashboard-export-csv'));
    await waitFor(() => expect(saved).toEqual([`tickets-${today}-${today}.csv`]));

    await userEvent.selectOptions(screen.getByTestId('dashboard-days'), '30');
    await userEvent.click(screen.getByTestId('dashboard-apply'));
    await userEvent.click(screen.getByTestId('dashboard-export-xlsx'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe(`tickets-${addDays(today, -29)}-${today}.xlsx`);
    const exports = calls.filter((call) => call.url.startsWith('/dashboard/export.'));
    expect(exports.map((call) => [call.url, call.token])).toEqual([
      [`/dashboard/export.csv?date_from=${today}&date_to=${today}`, 'jwt'],
      ['/dashboard/export.xlsx?days=30', 'jwt'],
    ]);
  });

  it('sends a user without the dashboard to the tickets', async () => {
    serve();
    const home = dashboardFeature.pages[0]!;
    renderSignedIn(<>{home.element}</>, { user: me, path: home.path, route: home.path });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'));
  });
});
