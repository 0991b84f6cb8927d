import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { me } from '../../test/fixtures';
import { renderSignedOut } from '../../test/renderSignedOut';
import { toastWarning } from '../../ui/toaster';
import { LoginPage } from './LoginPage';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastWarning: vi.fn() }));

const HOUR = 3_600_000;

function renderLogin() {
  return renderSignedOut(<LoginPage />, { path: '/login', elsewhere: { '/tickets': 'Tickets page' } });
}

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toastWarning).mockClear();
  });

  async function signInDue(dueInMs: number) {
    const dueDate = new Date(Date.now() + dueInMs).toISOString();
    fakeFetch(() => ({ body: { token: 'jwt-1', user: { ...me, company: { ...me.company, dueDate } } } }));
    renderLogin();
    await userEvent.type(screen.getByTestId('login-email'), 'ana@example.com');
    await userEvent.type(screen.getByTestId('login-password'), 'secret{Enter}');
    expect(await screen.findByText('Tickets page')).toBeTruthy();
  }

  it.each([
    [24 * HOUR + HOUR, 'Your subscription expires in 1 day.'],
    [4 * 24 * HOUR + 9 * HOUR, 'Your subscription expires in 4 days.'],
  ])('warns after the login when the subscription ends soon (due in %i ms)', async (dueIn, warning) => {
    await signInDue(dueIn);
    expect(vi.mocked(toastWarning).mock.calls).toEqual([[warning]]);
  });

  it('does not warn when the subscription ends in 5 days or more (rounded)', async () => {
    await signInDue(4 * 24 * HOUR + 13 * HOUR);
    expect(toastWarning).not.toHaveBeenCalled();
  });

  it('warns in the chosen language', async () => {
    localStorage.setItem('i18nextLng', 'pt');
    const { changeLanguage } = await import('../../i18n');
    changeLanguage('pt');
    try {
      await signInDue(2 * 24 * HOUR);
      expect(vi.mocked(toastWarning).mock.calls).toEqual([['Sua assinatura vence em 2 dias.']]);
    } finally {
      changeLanguage('en');
    }
  });

  it('links to the sign-up and the password reset, with the language menu and the copyright', () => {
    renderLogin();
    expect(screen.getByTestId('signup-link').getAttribute('href')).toBe('/signup');
    expect(screen.getByTestId('forgot-link').getAttribute('href')).toBe('/forgetpsw');
    expect(screen.getByTestId('language-select')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Atendo. All rights reserved.`)).toBeTruthy();
  });

  it('asks for a valid email and a password before calling the server', async () => {
    const { calls } = fakeFetch(() => ({ status: 500 }));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs in, keeps the session in browser storage and goes to the tickets', async () => {
    const { calls } = fakeFetch(() => ({ body: { token: 'jwt-1', user: me } }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(await screen.findByText('Tickets page')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', url: '/auth/login', token: undefined, body: { email: 'ana@example.com', password: 'secret' } },
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('companyId')).toBe('7');
    expect(localStorage.getItem('userId')).toBe('3');
    expect(localStorage.getItem('companyDueDate')).toBe(me.company.dueDate);
  });

  it('shows a refused login as the translated error and stays on the page', async () => {
    fakeFetch(() => ({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByRole('alert')).textContent).toBe('Authentication error. Please try again.');
    expect(screen.queryByText('Tickets page')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says when the subscription expired', async () => {
    fakeFetch(() => ({ status: 403, body: { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2024-02-01T12:00:00.000Z' } } }));
    renderLogin();
    await userEvent.type(screen.getByTestId('login-email'), 'ana@example.com');
    await userEvent.type(screen.getByTestId('login-password'), 'secret');
    await userEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscription expired on 01/02/2024. Please contact support.',
    );
  });
});
