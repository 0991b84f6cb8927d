import type { SessionUser } from '@atendo/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { signedInAtom, userAtom } from '../../app/sessionAtoms';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { ExpiryGate } from './ExpiryGate';

const expiredOn = '2020-03-05T12:00:00.000Z';
const expired = (user: SessionUser): SessionUser => ({ ...user, company: { ...user.company, dueDate: expiredOn } });

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The gate around every page, as the console's frame puts it. */
function renderGated(user: SessionUser, path: string) {
  localStorage.setItem('token', 'jwt');
  const store = createStore();
  store.set(userAtom, user);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RealtimeProvider companyId={user.companyId}>
          <Routes>
            <Route path="*" element={<ExpiryGate>{<p data-testid="page">page</p>}</ExpiryGate>} />
          </Routes>
          <Where />
        </RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('expiry gate', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it("sends an expired company's admin from any page to the invoices, which say since when", async () => {
    renderGated(expired(admin), '/tickets');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/financeiro'));
    expect(screen.getByTestId('billing-expired-banner').textContent).toContain('Your subscription expired on 05/03/2020. Pay the open invoice to go on using Atendo.');
    expect(screen.getByTestId('page')).toBeTruthy();
  });

  it('leaves the subscription page open to pay', async () => {
    renderGated(expired(admin), '/subscription');
    expect(screen.getByTestId('location').textContent).toBe('/subscription');
    expect(screen.getByTestId('billing-expired-banner')).toBeTruthy();
  });

  it('does nothing for a company whose due date is ahead', () => {
    renderGated(admin, '/tickets');
    expect(screen.getByTestId('location').textContent).toBe('/tickets');
    expect(screen.queryByTestId('billing-expired-banner')).toBeNull();
  });

  it('a 402 ERR_SUBSCRIPTION_EXPIRED sends the admin to the invoices, still signed in; anyone else is signed out', async () => {
    fakeFetch(() => ({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } }));
    const store = renderGated(admin, '/tickets');
    await expect(api.get('/tickets')).rejects.toMatchObject({ code: 'ERR_SUBSCRIPTION_EXPIRED' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/financeiro'));
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(store.get(signedInAtom)).toBe(true);
  });

  it('a 402 on a billing page keeps the admin there', async () => {
    fakeFetch(() => ({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } }));
    renderGated(admin, '/subscription');
    await expect(api.get('/announcements/')).rejects.toMatchObject({ code: 'ERR_SUBSCRIPTION_EXPIRED' });
    expect(screen.getByTestId('location').textContent).toBe('/subscription');
    expect(localStorage.getItem('token')).toBe('jwt');
  });

  it('signs out who may not pay on a 402 ERR_SUBSCRIPTION_EXPIRED', async () => {
    fakeFetch(() => ({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } }));
    renderGated(me, '/tickets');
    await expect(api.get('/tickets')).rejects.toMatchObject({ code: 'ERR_SUBSCRIPTION_EXPIRED' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/tickets');
  });

  it("a payment on the company's feed moves the session's due date and lifts the gate", async () => {
    const store = renderGated(expired(admin), '/financeiro');
    expect(screen.getByTestId('billing-expired-banner')).toBeTruthy();
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: 'company-7-payment', payload: { action: 'CONCLUIDA', company: { id: 7, dueDate: '2099-04-05T12:00:00.000Z' }, invoiceId: 5 } });
    await waitFor(() => expect(screen.queryByTestId('billing-expired-banner')).toBeNull());
    expect(store.get(userAtom)?.company.dueDate).toBe('2099-04-05T12:00:00.000Z');
    expect(localStorage.getItem('companyDueDate')).toBe('2099-04-05T12:00:00.000Z');
  });
});
