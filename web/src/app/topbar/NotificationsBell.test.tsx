import type { Ticket } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { playNotificationSound } from './notificationSound';
import { NotificationsBell } from './NotificationsBell';

vi.mock('./notificationSound', () => ({ playNotificationSound: vi.fn() }));

const pending = (id: number, change: Partial<Ticket> = {}) => ticket(id, { status: 'pending', userId: null, user: null, ...change });
const otherQueue = { id: 2, name: 'Support', color: '#00aa00' };
const badge = () => screen.queryByTestId('notifications-count')?.textContent ?? null;
const uuids = () => screen.queryAllByTestId('notification-item').map((item) => item.dataset.ticketUuid);
let seq = 0;
const feed = (payload: unknown) => FakeWebSocket.latest().receive({ type: 'entry', seq: ++seq, event: 'company-7-ticket', payload: payload as Record<string, unknown> });

describe('notification bell', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(playNotificationSound).mockClear();
  });

  function serve(tickets: Ticket[]) {
    return fakeFetch((call) => (call.url.startsWith('/tickets?') ? { body: { tickets, count: tickets.length, hasMore: false } } : { status: 404, body: { error: 'ERR_NOT_FOUND' } }));
  }

  it("asks for the pending tickets of the user's queues, counts them and opens one on click", async () => {
    const { calls } = serve([pending(5, { contact: { ...pending(5).contact, name: 'Maria' }, lastMessage: 'Hi there' }), pending(6)]);
    renderSignedIn(<NotificationsBell />);
    await waitFor(() => expect(badge()).toBe('2'));
    expect(calls.map((c) => c.url)).toEqual(['/tickets?status=pending&queueIds=1&pageNumber=1']);

    await userEvent.click(screen.getByTestId('notifications-button'));
    expect(uuids()).toEqual(['uuid-5', 'uuid-6']);
    expect(screen.getByText('Maria')).toBeTruthy();
    expect(screen.getByText('Hi there')).toBeTruthy();

    await userEvent.click(screen.getByText('Maria'));
    expect(screen.getByTestId('location').textContent).toBe('/tickets/uuid-5');
  });

  it('asks for every pending ticket for an allTicket user', async () => {
    const { calls } = serve([pending(5, { queueId: 2, queue: otherQueue })]);
    renderSignedIn(<NotificationsBell />, { user: { ...me, allTicket: 'enabled' } });
    await waitFor(() => expect(badge()).toBe('1'));
    expect(calls.map((c) => c.url)).toEqual(['/tickets?status=pending&pageNumber=1']);
  });

  it('rings at the stored volume when a ticket starts waiting, and drops it once accepted', async () => {
    localStorage.setItem('volume', '0.6');
    serve([]);
    renderSignedIn(<NotificationsBell />);
    await userEvent.click(screen.getByTestId('notifications-button'));
    expect(screen.getByText('No ticket is waiting for you')).toBeTruthy();

    feed({ action: 'update', ticket: pending(7) });
    expect(badge()).toBe('1');
    expect(uuids()).toEqual(['uuid-7']);
    expect(playNotificationSound).toHaveBeenCalledExactlyOnceWith(0.6);

    // A new message on it changes it, it does not arrive again.
    feed({ action: 'update', ticket: pending(7, { lastMessage: 'Again' }) });
    expect(badge()).toBe('1');
    expect(playNotificationSound).toHaveBeenCalledTimes(1);

    // Another queue's ticket does not wait for this user.
    feed({ action: 'update', ticket: pending(8, { queueId: 2, queue: otherQueue }) });
    expect(uuids()).toEqual(['uuid-7']);

    feed({ action: 'update', ticket: ticket(7, { status: 'open' }) });
    expect(uuids()).toEqual([]);
    expect(badge()).toBeNull();
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('with more waiting than its first page, counts a change to a ticket beyond it once, and rings only for a new one', async () => {
    let count = 25;
    const { calls } = fakeFetch((call) =>
      call.url.startsWith('/tickets?') ? { body: { tickets: [pending(1), pending(2)], count, hasMore: true } } : { status: 404, body: { error: 'ERR_NOT_FOUND' } },
    );
    renderSignedIn(<NotificationsBell />);
    await waitFor(() => expect(badge()).toBe('25'));

    // Ticket 30 was waiting already, beyond the first page: a new message on it is no new ticket.
    feed({ action: 'update', ticket: pending(30, { lastMessage: 'Still there?' }) });
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(badge()).toBe('25'));
    expect(playNotificationSound).not.toHaveBeenCalled();

    // A ticket that really starts waiting: the server counts one more, and the bell rings.
    count = 26;
    feed({ action: 'update', ticket: pending(40) });
    await waitFor(() => expect(badge()).toBe('26'));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('drops a deleted ticket', async () => {
    serve([pending(5), pending(6)]);
    renderSignedIn(<NotificationsBell />);
    await waitFor(() => expect(badge()).toBe('2'));
    feed({ action: 'delete', ticketId: 5 });
    expect(badge()).toBe('1');
  });
});
