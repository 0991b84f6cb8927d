import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userAtom } from '../../app/sessionAtoms';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CheckoutDialog } from './CheckoutDialog';
import { anInvoice, aPayment, aPlan, aSubscription } from './fixtures';
import { RENEWAL_REDIRECT_MS } from './PaymentQr';

const invoice = anInvoice(5, { detail: 'Pro, January' });
const plans = [aPlan(1, { name: 'Basic', value: 30, users: 2, connections: 1 }), aPlan(2, { name: 'Pro', value: 120, users: 10, connections: 3 })];

function serve(checkout: (call: FakeCall) => { status?: number; body?: unknown } = (call) => ({ body: aPayment((call.body as { invoiceId: number }).invoiceId) })) {
  return fakeFetch((call) => {
    if (call.url === '/plans/list') return { body: plans };
    if (call.url === '/subscription' && call.method === 'GET') return { body: aSubscription({ planId: 1 }) };
    if (call.url === '/subscription' && call.method === 'POST') return checkout(call);
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

function renderDialog() {
  return renderSignedIn(<CheckoutDialog invoice={invoice} isOpen onClose={() => undefined} />, { user: admin, path: '/financeiro', route: '/financeiro' });
}

const step = () => screen.getByTestId('checkout-form').dataset.step;
const input = (name: string) => screen.getByTestId(`checkout-${name}`);

async function fillData() {
  await userEvent.type(input('firstName'), 'Ana');
  await userEvent.type(input('lastName'), 'Souza');
  await userEvent.type(input('address2'), 'Rua das Flores, 10');
  await userEvent.type(input('city'), 'Recife');
  await userEvent.type(input('state'), 'PE');
  await userEvent.type(input('zipcode'), '50000-000');
}

/** From the plan choice, through the details, to the review, with plan `planName` chosen. */
async function toReview(planName = 'Pro') {
  await screen.findAllByTestId('checkout-plan');
  await userEvent.click(screen.getByLabelText(planName));
  await userEvent.click(screen.getByTestId('checkout-next'));
  await waitFor(() => expect(step()).toBe('0'));
  await fillData();
  await userEvent.click(screen.getByTestId('checkout-next'));
  await waitFor(() => expect(step()).toBe('2'));
}

describe('checkout wizard', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts at the plan choice, on the company plan, and shows the invoice it pays', async () => {
    serve();
    renderDialog();
    const cards = await screen.findAllByTestId('checkout-plan');
    expect(step()).toBe('1');
    expect(cards.map((c) => c.textContent)).toEqual([expect.stringContaining('Basic'), expect.stringContaining('Pro')]);
    expect(screen.getByLabelText<HTMLInputElement>('Basic').checked).toBe(true);
    expect(screen.getByTestId('checkout-step-plan').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('checkout-invoice').textContent).toBe('Invoice 5: Pro, January');
  });

  it('asks for the details first, then refuses empty required ones with their messages, translated', async () => {
    serve();
    renderDialog();
    await screen.findAllByTestId('checkout-plan');
    await userEvent.click(screen.getByTestId('checkout-next'));
    await waitFor(() => expect(step()).toBe('0'));
    expect(screen.getByTestId('checkout-data-first')).toBeTruthy();
    // Nothing is red before the user tried to go on.
    expect(screen.queryByText('First name is required')).toBeNull();

    await userEvent.click(screen.getByTestId('checkout-next'));
    for (const text of ['First name is required', 'Address is required', 'City is required', 'ZIP code is required']) expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('Last name is required')).toBeNull();
    expect(step()).toBe('0');
    expect(input('firstName').getAttribute('aria-invalid')).toBe('true');

    // The countries offered: Brazil and the United States.
    expect([...screen.getByTestId<HTMLSelectElement>('checkout-country').options].map((o) => [o.value, o.textContent])).toEqual([
      ['BR', 'Brazil'],
      ['US', 'United States'],
    ]);
  });

  it('reviews, posts the checkout payload, shows the QR code to pay; the payment renews the subscription and goes to / after 4 s', async () => {
    const { calls } = serve();
    const { store } = renderDialog();
    await toReview('Pro');
    expect(screen.getByTestId('checkout-review-customer').textContent).toBe('Ana Souza');
    expect(screen.getByTestId('checkout-review-plan').textContent).toContain('Pro');
    expect(screen.getByTestId('checkout-review-total').textContent).toBe('R$120.00');

    await userEvent.click(screen.getByTestId('checkout-pay'));
    const qr = await screen.findByTestId('checkout-qr');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      [
        '/subscription',
        {
          firstName: 'Ana',
          lastName: 'Souza',
          address2: 'Rua das Flores, 10',
          city: 'Recife',
          state: 'PE',
          zipcode: '50000-000',
          country: 'BR',
          useAddressForPaymentDetails: false,
          plan: 2,
          price: 120,
          users: 10,
          connections: 3,
          invoiceId: 5,
        },
      ],
    ]);
    expect(within(qr).getByTestId<HTMLImageElement>('checkout-qr-image').src).toBe(aPayment(5).qrcode.imagemQrcode);
    expect(within(qr).getByTestId<HTMLTextAreaElement>('checkout-qr-code').value).toBe(aPayment(5).qrcode.qrcode);
    expect(within(qr).getByTestId('checkout-qr-value').textContent).toBe('R$120.00');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await userEvent.click(within(qr).getByTestId('checkout-qr-copy'));
    expect(writeText).toHaveBeenCalledWith(aPayment(5).qrcode.qrcode);
    expect(await screen.findByText('Code copied.')).toBeTruthy();

    vi.useFakeTimers();
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'entry',
        seq: 1,
        event: 'company-7-payment',
        payload: { action: 'CONCLUIDA', company: { id: 7, dueDate: '2099-02-10T12:00:00.000Z' }, invoiceId: 5 },
      }),
    );
    expect(screen.getByTestId('checkout-renewed').textContent).toBe('Payment received. Your subscription is renewed until 10/02/2099. Taking you to the start…');
    expect(localStorage.getItem('companyDueDate')).toBe('2099-02-10T12:00:00.000Z');
    expect(store.get(userAtom)?.company.dueDate).toBe('2099-02-10T12:00:00.000Z');
    expect(screen.queryByTestId('checkout-qr-image')).toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(RENEWAL_REDIRECT_MS - 1));
    expect(screen.getByTestId('location').textContent).toBe('/financeiro');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('goes back from the review to the plan, and the details it keeps', async () => {
    serve();
    renderDialog();
    await toReview('Basic');
    await userEvent.click(screen.getByTestId('checkout-back'));
    expect(step()).toBe('1');
    await userEvent.click(screen.getByTestId('checkout-back'));
    expect(step()).toBe('0');
    expect(input('city')).toHaveProperty('value', 'Recife');
  });

  it('says why when the payment provider does not answer, and stays on the review', async () => {
    serve(() => ({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER' } }));
    renderDialog();
    await toReview();
    await userEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByText('The payment provider did not answer. Try again in a moment.')).toBeTruthy();
    expect(step()).toBe('2');
    expect(screen.queryByTestId('checkout-qr')).toBeNull();
  });
});
