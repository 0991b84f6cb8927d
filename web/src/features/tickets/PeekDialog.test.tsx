import type { SessionUser, Ticket } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, message, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { TicketListItem } from './TicketListItem';

const waiting = ticket(5, { status: 'pending', userId: null, user: null, unreadMessages: 2 });

describe('peek dialog', () => {
  let calls: FakeCall[];
  const onAccept = vi.fn();

  beforeEach(() => {
    FakeWebSocket.install();
    onAccept.mockReset();
    ({ calls } = fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/messages/5') {
        const messages = [message('m1', 5, { body: 'Preciso de ajuda' }), message('m2', 5, { body: 'Alguém aí?' }), message('m3', 5, { body: 'Resposta antiga', fromMe: true, failed: true })];
        return { body: { messages, ticket: waiting, count: 3, hasMore: false } };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => vi.unstubAllGlobals());

  const row = (item: Ticket, user: SessionUser) =>
    renderSignedIn(
      <ul>
        <TicketListItem ticket={item} selected={false} onOpen={() => undefined} onAccept={onAccept} />
      </ul>,
      { user },
    );

  it('offers no peek to an agent, nor on a ticket that is not waiting', () => {
    row(waiting, me);
    expect(screen.getByTestId('ticket-accept')).toBeTruthy();
    expect(screen.queryByTestId('ticket-peek')).toBeNull();
  });

  it('offers no peek on an open ticket, even to an admin', () => {
    row(ticket(6), admin);
    expect(screen.queryByTestId('ticket-peek')).toBeNull();
  });

  it("shows an admin a waiting ticket's messages, read-only: no reply box, no action, nothing changed", async () => {
    row(waiting, admin);
    await userEvent.click(screen.getByRole('button', { name: 'Peek at the messages' }));
    const dialog = await screen.findByTestId('peek-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('message-bubble')).toHaveLength(3));
    expect(within(dialog).getByText('Preciso de ajuda')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact 5 (read-only)' })).toBeTruthy();
    // Why the failed reply failed, but no "Send again"; no input, no accept.
    expect(within(dialog).getByTestId('message-failure')).toBeTruthy();
    expect(within(dialog).queryAllByRole('button')).toEqual([]);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /messages/5?pageNumber=1']);
    expect(onAccept).not.toHaveBeenCalled();
    // The row keeps its unread count and its accept button.
    expect(screen.getByTestId('ticket-unread').textContent).toBe('2');

    await userEvent.click(screen.getByTestId('peek-close'));
    await waitFor(() => expect(screen.queryByTestId('peek-dialog')).toBeNull());
  });
});
