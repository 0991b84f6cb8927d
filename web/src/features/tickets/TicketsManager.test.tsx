import type { Ticket } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me, message, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { TicketsManager } from './TicketsManager';

const rows = () => screen.getAllByTestId('ticket-list-item').filter((row) => row.closest('[aria-hidden="true"]') === null);
const uuids = () => rows().map((row) => row.dataset.ticketUuid);
const row = (uuid: string) => rows().find((r) => r.dataset.ticketUuid === uuid);
const badge = (tabTestId: string) => screen.getByTestId(tabTestId).querySelector('.bp6-tag')?.textContent;

function feed(event: string, payload: Record<string, unknown>, seq: number) {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event, payload });
}

describe('ticket lists', () => {
  let lists: Record<string, Ticket[]>;

  beforeEach(() => {
    FakeWebSocket.install();
    lists = {
      open: [ticket(1, { unreadMessages: 2 }), ticket(2)],
      pending: [ticket(5, { status: 'pending', userId: null, user: null })],
      closed: [ticket(9, { status: 'closed' })],
    };
  });

  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/tickets') {
        const tickets = lists[url.searchParams.get('status') ?? ''] ?? [];
        return { body: { tickets, count: tickets.length, hasMore: false } };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  it('shows assigned and pending tickets with their counts', async () => {
    const { calls } = serve();
    renderSignedIn(<TicketsManager selectedUuid={undefined} />);

    await waitFor(() => expect(uuids()).toEqual(['uuid-1', 'uuid-2']));
    await waitFor(() => expect([badge('tab-assigned'), badge('tab-pending')]).toEqual(['2', '1']));
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/tickets?status=open&showAll=false&pageNumber=1', '/tickets?status=pending&showAll=false&pageNumber=1']),
    );
    const first = row('uuid-1');
    expect(first && within(first).getByText('Contact 1')).toBeTruthy();
    expect(first && within(first).getByLabelText('2 unread messages')).toBeTruthy();

    await userEvent.click(screen.getByTestId('tab-pending'));
    expect(uuids()).toEqual(['uuid-5']);
    expect(within(row('uuid-5')!).getByTestId('ticket-accept')).toBeTruthy();
  });

  it('applies realtime update, delete and updateUnread to the list', async () => {
    serve();
    renderSignedIn(<TicketsManager selectedUuid={undefined} />);
    await waitFor(() => expect(uuids()).toEqual(['uuid-1', 'uuid-2']));

    // A ticket of another company's channel is not ours to show.
    feed('company-8-ticket', { action: 'update', ticket: ticket(3) }, 1);
    expect(uuids()).toEqual(['uuid-1', 'uuid-2']);

    feed('company-7-ticket', { action: 'update', ticket: ticket(3) }, 2);
    expect(uuids()).toEqual(['uuid-3', 'uuid-1', 'uuid-2']);
    expect(badge('tab-assigned')).toBe('3');

    feed('company-7-ticket', { action: 'update', ticket: ticket(2, { lastMessage: 'Changed' }) }, 3);
    expect(within(row('uuid-2')!).getByText('Changed')).toBeTruthy();
    expect(uuids()).toEqual(['uuid-3', 'uuid-1', 'uuid-2']);

    // Returned to the queue: it leaves the assigned list for the pending one.
    feed('company-7-ticket', { action: 'update', ticket: ticket(3, { status: 'pending', userId: null, user: null }) }, 4);
    expect(uuids()).toEqual(['uuid-1', 'uuid-2']);
    expect(badge('tab-assigned')).toBe('2');
    expect(badge('tab-pending')).toBe('2');

    feed('company-7-ticket', { action: 'updateUnread', ticketId: 1 }, 5);
    expect(within(row('uuid-1')!).queryByTestId('ticket-unread')).toBeNull();

    feed('company-7-ticket', { action: 'delete', ticketId: 2 }, 6);
    expect(uuids()).toEqual(['uuid-1']);
    expect(badge('tab-assigned')).toBe('1');

    // Someone else's open ticket does not belong to my assigned list.
    feed('company-7-ticket', { action: 'update', ticket: ticket(4, { userId: 99 }) }, 7);
    expect(uuids()).toEqual(['uuid-1']);
  });

  it('moves a ticket with a new message to the top with its unread count', async () => {
    serve();
    renderSignedIn(<TicketsManager selectedUuid={undefined} />);
    await waitFor(() => expect(uuids()).toEqual(['uuid-1', 'uuid-2']));

    const updated = ticket(2, { unreadMessages: 4, lastMessage: 'Hello?' });
    feed('company-7-appMessage', { action: 'create', message: message('m1', 2), ticket: updated, contact: updated.contact }, 1);
    expect(uuids()).toEqual(['uuid-2', 'uuid-1']);
    expect(within(row('uuid-2')!).getByLabelText('4 unread messages')).toBeTruthy();
    expect(within(row('uuid-2')!).getByText('Hello?')).toBeTruthy();
  });

  it('accepts a pending ticket and opens it; losing the race to another agent says so', async () => {
    const { calls } = serve();
    renderSignedIn(<TicketsManager selectedUuid={undefined} />);
    await userEvent.click(await screen.findByTestId('tab-pending'));
    await waitFor(() => expect(uuids()).toEqual(['uuid-5']));

    // Clicking a pending row does not open it.
    await userEvent.click(within(row('uuid-5')!).getByText('Contact 5'));
    expect(screen.getByTestId('location').textContent).toBe('/tickets');

    fakeFetch((call) => (call.method === 'PUT' ? { status: 409, body: { error: 'ERR_TICKET_ALREADY_ACCEPTED' } } : { body: {} }));
    await userEvent.click(within(row('uuid-5')!).getByTestId('ticket-accept'));
    expect(await screen.findByText('Another agent has already accepted this ticket.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/tickets');

    const accepted = fakeFetch(() => ({ body: ticket(5) }));
    await userEvent.click(within(row('uuid-5')!).getByTestId('ticket-accept'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets/uuid-5'));
    expect(accepted.calls).toEqual([{ method: 'PUT', url: '/tickets/5', token: 'jwt', body: { status: 'open', userId: me.id } }]);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
