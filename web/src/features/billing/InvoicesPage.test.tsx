import type { Invoice } from '@atendo/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { anInvoice, aPlan, aSubscription } from './fixtures';
import { InvoicesPage } from './InvoicesPage';
import { scrollListTo } from '../../test/scroll';

const rows = () => screen.queryAllByTestId('invoice-row');
const row = (id: number) => rows().find((r) => r.dataset.invoiceId === String(id))!;
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/invoices')).map((c) => c.url);

/** Serves GET /invoices from `pages` (by searchParam, then page number), the plans and the subscription. */
function serve(pages: Record<string, Invoice[][]>) {
  return fakeFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/invoices') {
      const list = pages[url.searchParams.get('searchParam') ?? ''] ?? [];
      const page = Number(url.searchParams.get('pageNumber'));
      return { body: { invoices: list[page - 1] ?? [], count: list.flat().length, hasMore: page < list.length } };
    }
    if (url.pathname === '/plans/list') return { body: [aPlan(1)] };
    if (url.pathname === '/subscription') return { body: aSubscription() };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

function renderPage(user = admin) {
  return renderSignedIn(<InvoicesPage />, { user, path: '/financeiro', route: '/financeiro' });
}

describe('invoices page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the invoices with their value in reais, due date and status; an expired one stands out; only unpaid ones are paid', async () => {
    serve({
      '': [
        [
          anInvoice(3, { detail: 'Pro, March', value: 1234.5, dueDate: '2099-03-10T12:00:00.000Z' }),
          anInvoice(2, { detail: 'Pro, February', dueDate: '2020-02-10T12:00:00.000Z' }),
          anInvoice(1, { detail: 'Pro, January', dueDate: '2020-01-10T12:00:00.000Z', status: 'paid', paidAt: '2020-01-09T00:00:00.000Z' }),
        ],
      ],
    });
    renderPage();

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('invoices-count').textContent).toBe('3 invoices');
    expect(rows().map((r) => within(r).getByTestId('invoice-status').textContent)).toEqual(['Open', 'Expired', 'Paid']);
    expect(within(row(3)).getByTestId('invoice-value').textContent).toBe('R$1,234.50');
    expect(within(row(3)).getByText('10/03/2099', { selector: 'td' })).toBeTruthy();
    expect(row(2).className).toContain('billing-row-expired');
    expect(row(3).className).not.toContain('billing-row-expired');
    expect(within(row(3)).queryByTestId('invoice-pay')).toBeTruthy();
    expect(within(row(2)).queryByTestId('invoice-pay')).toBeTruthy();
    expect(within(row(1)).queryByTestId('invoice-pay')).toBeNull();
  });

  it('writes the value the way the chosen language does', async () => {
    const { i18n } = await import('../../i18n');
    await i18n.changeLanguage('pt');
    try {
      serve({ '': [[anInvoice(3, { value: 1234.5 })]] });
      renderPage();
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(within(row(3)).getByTestId('invoice-value').textContent?.replace(/\s/g, ' ')).toBe('R$ 1.234,50');
      expect(within(row(3)).getByTestId('invoice-status').textContent).toBe('Em aberto');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('loads the next page when the list is scrolled within 100 px of its bottom', async () => {
    const { calls } = serve({ '': [[anInvoice(4), anInvoice(3)], [anInvoice(2), anInvoice(1)]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    const scroller = screen.getByTestId('invoices-scroll');
    scrollListTo(scroller, 150); // 150 px from the bottom: not yet
    expect(listCalls(calls)).toHaveLength(1);

    scrollListTo(scroller, 80); // 80 px from the bottom
    await waitFor(() => expect(rows().map((r) => r.dataset.invoiceId)).toEqual(['4', '3', '2', '1']));
    expect(listCalls(calls)).toEqual(['/invoices?searchParam=&pageNumber=1', '/invoices?searchParam=&pageNumber=2']);
  });

  it('searches by detail 500 ms after the last key', async () => {
    const { calls } = serve({ '': [[anInvoice(2, { detail: 'Pro, February' }), anInvoice(1)]], feb: [[anInvoice(2, { detail: 'Pro, February' })]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('invoices-search'), 'feb');
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 2000 });
    expect(listCalls(calls)).toEqual(['/invoices?searchParam=&pageNumber=1', '/invoices?searchParam=feb&pageNumber=1']);
  });

  it('opens the checkout at the plan choice from an unpaid invoice', async () => {
    serve({ '': [[anInvoice(2)]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(row(2)).getByTestId('invoice-pay'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('checkout-plan')).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-step-plan').getAttribute('aria-current')).toBe('step');
  });

  it("shows the super user every company's invoices with whose they are, and pays only its own", async () => {
    serve({ '': [[anInvoice(9, { companyId: 42, companyName: 'Other Ltd' }), anInvoice(8, { companyName: 'Acme' })]] });
    renderPage(superAdmin);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(row(9)).getByText('Other Ltd')).toBeTruthy();
    expect(within(row(9)).queryByTestId('invoice-pay')).toBeNull();
    expect(within(row(8)).queryByTestId('invoice-pay')).toBeTruthy();
  });

  it('is closed to users who are not administrators', async () => {
    const { calls } = serve({ '': [[anInvoice(2)]] });
    renderPage(me);
    expect(await screen.findByText('Only administrators see the invoices.')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(0);
  });
});
