import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { plan } from '../../test/fixtures';
import { renderSignedOut } from '../../test/renderSignedOut';
import { SignupPage } from './SignupPage';

const PLANS = [plan(1, { name: 'Basic', value: 49.9, users: 3, connections: 1, queues: 2 }), plan(2, { name: 'Pro', value: 120, users: 10, connections: 5, queues: 8 })];

function serve(answer: (call: FakeCall) => { status?: number; body?: unknown } = () => ({ status: 201, body: { id: 9 } })) {
  return fakeFetch((call) => (call.method === 'GET' && call.url === '/plans/list' ? { body: PLANS } : answer(call)));
}

function renderSignup(path = '/signup') {
  return renderSignedOut(<SignupPage />, { path, route: '/signup', elsewhere: { '/login': 'Login page' } });
}

async function fill({ name = 'Acme Ltd', email = 'Boss@Acme.test', phone = '11987654321', password = 'Secret-123' } = {}) {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Email'), email);
  if (phone) await userEvent.type(screen.getByLabelText('Phone'), phone);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('sign-up page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the public plans with their price in BRL and their limits, asked without a token', async () => {
    localStorage.setItem('token', 'left-over');
    const { calls } = serve();
    renderSignup('/signup?companyId=4');

    const cards = await screen.findAllByTestId('signup-plan');
    expect(cards.map((c) => c.textContent)).toEqual([
      'BasicR$49.90 a month3 users · 1 connection · 2 queues',
      'ProR$120.00 a month10 users · 5 connections · 8 queues',
    ]);
    expect(calls).toEqual([{ method: 'GET', url: '/plans/list', token: undefined, body: undefined }]);
  });

  it('masks the phone as (99) 99999-9999 and keeps at most 11 digits', async () => {
    serve();
    renderSignup();
    const phone = screen.getByLabelText<HTMLInputElement>('Phone');
    await userEvent.type(phone, '11a9876');
    expect(phone.value).toBe('(11) 9876');
    await userEvent.type(phone, '5432199');
    expect(phone.value).toBe('(11) 98765-4321');
  });

  it('checks the fields with the contracts rules and posts nothing while they fail', async () => {
    const { calls } = serve();
    renderSignup();
    await screen.findAllByTestId('signup-plan');
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '1234');
    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('must have at least 2 characters')).toBeTruthy();
    expect(screen.getByText('must be a valid email address')).toBeTruthy();
    expect(screen.getByText('must have at least 8 characters, with an upper-case letter, a lower-case letter and a digit')).toBeTruthy();
    // No plan chosen.
    expect(screen.getByText('is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('posts the company and its admin, says so and goes to the login page', async () => {
    const { calls } = serve();
    renderSignup();
    await fill();
    await userEvent.click(await screen.findByLabelText('Pro'));
    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/companies/cadastro',
        token: undefined,
        body: { name: 'Acme Ltd', email: 'boss@acme.test', phone: '11987654321', password: 'Secret-123', planId: 2 },
      },
    ]);
    expect(await screen.findByText('Your account was created. Sign in with your email and password.')).toBeTruthy();
  });

  it('shows a taken e-mail next to the field and keeps what was typed', async () => {
    serve(() => ({ status: 409, body: { error: 'ERR_USER_EMAIL_ALREADY_EXISTS' } }));
    renderSignup();
    await fill({ phone: '' });
    await userEvent.click(await screen.findByLabelText('Basic'));
    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('A user with this email already exists.')).toBeTruthy();
    expect(screen.queryByText('Login page')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('Boss@Acme.test');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme Ltd');
    expect(screen.getByLabelText<HTMLInputElement>('Basic').checked).toBe(true);
  });

  it('says when the plans cannot be loaded', async () => {
    fakeFetch(() => ({ status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } }));
    renderSignup();
    expect(await screen.findByTestId('signup-plans-error')).toBeTruthy();
  });

  it('links back to the login page', async () => {
    serve();
    renderSignup();
    await userEvent.click(screen.getByTestId('login-link'));
    await waitFor(() => expect(screen.getByText('Login page')).toBeTruthy());
  });
});
