import type { SubscriptionStatus } from '@atendo/contracts/billing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { anInvoice, aPlan, aSubscription } from './fixtures';
import { SubscriptionPage } from './SubscriptionPage';

function serve(status: SubscriptionStatus) {
  return fakeFetch((call) => {
    if (call.url === '/subscription') return { body: status };
    if (call.url === '/plans/list') return { body: [aPlan(1)] };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const renderPage = (user = admin) => renderSignedIn(<SubscriptionPage />, { user, path: '/subscription', route: '/subscription' });

describe('subscription page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the trial's days left, the plan, the billing e-mail, and signs now for the open invoice", async () => {
    serve(aSubscription({ trial: true, daysLeft: 6, planName: 'Basic', value: 30, billingEmail: 'billing@acme.example', openInvoice: anInvoice(5, { detail: 'Basic, January' }) }));
    renderPage();
    expect((await screen.findByTestId('subscription-due')).textContent).toBe('6 days left in your trial');
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Basic');
    expect(screen.getByTestId('subscription-value').textContent).toBe('R$30.00');
    expect(screen.getByTestId('subscription-email').textContent).toBe('billing@acme.example');

    await userEvent.click(screen.getByTestId('subscription-sign'));
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByTestId('checkout-plan')).toBeTruthy();
    expect(dialog.textContent).toContain('Invoice 5: Basic, January');
  });

  it('shows the due date of a paying company, and that there is nothing to pay', async () => {
    serve(aSubscription({ trial: false, daysLeft: 1, dueDate: '2099-01-10T12:00:00.000Z', billingEmail: null, openInvoice: null }));
    renderPage();
    expect((await screen.findByTestId('subscription-due')).textContent).toBe('Due on 10/01/2099 · 1 day left');
    expect(screen.getByTestId('subscription-email').textContent).toBe('Not given');
    expect(screen.queryByTestId('subscription-sign')).toBeNull();
    expect(screen.getByTestId('subscription-nothing-to-pay')).toBeTruthy();
  });

  it('says when the subscription expired', async () => {
    serve(aSubscription({ trial: false, expired: true, daysLeft: -3, dueDate: '2020-01-10T12:00:00.000Z' }));
    renderPage();
    expect((await screen.findByTestId('subscription-due')).textContent).toBe('Expired on 10/01/2020');
    expect(screen.getByTestId('subscription-sign')).toBeTruthy();
  });

  it('is closed to users who are not administrators', async () => {
    const { calls } = serve(aSubscription());
    renderPage(me);
    expect(await screen.findByText('Only administrators see the invoices.')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
