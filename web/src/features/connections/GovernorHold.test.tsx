import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionsPage } from './ConnectionsPage';
import { formatTime } from '../../ui/dates';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { aConnection, admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';

const row = (id: number) => screen.getAllByTestId('connection-row').find((r) => r.dataset.connectionId === String(id))!;

describe('connections page: the send governor hold', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('shows when and why each held connection is paused; a past hold or no hold shows nothing', async () => {
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/whatsapp') return { body: [aConnection(1, { name: 'Main' }), aConnection(2, { name: 'Second' }), aConnection(3, { name: 'Third' })] };
      if (url.pathname === '/send-governor')
        return {
          body: [
            { whatsappId: 1, notBefore: soon, reason: 'dailyBudget', sentToday: 1000, slowDownLevel: 0 },
            { whatsappId: 2, notBefore: '2020-01-01T00:00:00.000Z', reason: 'spacing', sentToday: 3, slowDownLevel: 0 },
            { whatsappId: 3, notBefore: null, reason: null, sentToday: 0, slowDownLevel: 0 },
          ],
        };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    renderSignedIn(<ConnectionsPage />, { user: admin, path: '/connections', route: '/connections' });
    await waitFor(() => expect(within(row(1)).getByTestId('connection-governor-hold').textContent).toBe(`Paused until ${formatTime(soon)} (messages of the day used up)`));
    expect(within(row(2)).queryByTestId('connection-governor-hold')).toBeNull();
    expect(within(row(3)).queryByTestId('connection-governor-hold')).toBeNull();
  });

  it('shows the page as before when the governor cannot be read', async () => {
    fakeFetch((call) => (new URL(call.url, 'http://localhost').pathname === '/whatsapp' ? { body: [aConnection(1)] } : { status: 403, body: { error: 'ERR_NO_PERMISSION' } }));
    renderSignedIn(<ConnectionsPage />, { user: admin, path: '/connections', route: '/connections' });
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(1));
    expect(screen.queryByTestId('connection-governor-hold')).toBeNull();
  });
});
