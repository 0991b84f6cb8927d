import { Classes } from '@blueprintjs/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { fakeFetch } from '../test/fakeFetch';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { me } from '../test/fixtures';
import { AppRoutes } from './AppRoutes';

function renderApp(path: string) {
  return render(
    <Provider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
}

describe('app shell', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    fakeFetch((call) => {
      if (call.url === '/auth/me') return { body: me };
      if (call.url.startsWith('/tickets')) return { body: { tickets: [], count: 0, hasMore: false } };
      return { status: 204 };
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    changeLanguage('en');
    document.body.classList.remove(Classes.DARK);
  });

  it('sends visitors without a session to the login page', async () => {
    renderApp('/tickets');
    expect(await screen.findByTestId('login-email')).toBeTruthy();
  });

  it('takes a signed-in user from /login to the tickets, with the top bar, and logs out', async () => {
    localStorage.setItem('token', 'jwt');
    renderApp('/login');
    expect(await screen.findByText('Welcome to Atendo')).toBeTruthy();
    expect(screen.getByTestId('connection-state').dataset.state).toBe('connecting');
    FakeWebSocket.latest().receive({ type: 'ready', seq: 0 });
    expect(screen.getByTestId('connection-state').textContent).toBe('Online');

    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(FakeWebSocket.latest().closed).toBe(true);
  });

  it('switches theme and language, and remembers both', async () => {
    localStorage.setItem('token', 'jwt');
    renderApp('/tickets');
    await userEvent.click(await screen.findByTestId('theme-toggle'));
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');

    await userEvent.selectOptions(screen.getByTestId('language-select'), 'pt');
    expect(await screen.findByText('Bem-vindo ao Atendo')).toBeTruthy();
    expect(localStorage.getItem('i18nextLng')).toBe('pt');
  });
});
