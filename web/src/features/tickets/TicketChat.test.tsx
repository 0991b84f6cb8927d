import type { Ticket } from '@atendo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me, message, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { TicketChat } from './TicketChat';

const bubbles = () =>
  screen.getAllByTestId('message-bubble').map((b) => ({ id: b.dataset.messageId, fromMe: b.dataset.fromMe, ack: b.dataset.ack }));

describe('ticket chat', () => {
  let current: Ticket;
  let calls: FakeCall[];

  beforeEach(() => {
    FakeWebSocket.install();
    current = ticket(1);
    ({ calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/tickets/u/uuid-1') return { body: current };
      if (call.method === 'GET' && call.url === '/messages/1?pageNumber=1') {
        return {
          body: {
            messages: [message('a', 1), message('b', 1, { fromMe: true, ack: 3 })],
            ticket: current,
            count: 2,
            hasMore: false,
          },
        };
      }
      if (call.method === 'PUT') {
        current = { ...current, ...(call.body as Partial<Ticket>) };
        return { body: current };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => vi.unstubAllGlobals());

  const open = () => renderSignedIn(<TicketChat uuid="uuid-1" />, { path: '/tickets/uuid-1' });

  it('shows the contact, the actions of an open ticket and the messages, ours on the right', async () => {
    open();
    expect(await screen.findByText('Contact 1')).toBeTruthy();
    expect(screen.getByText('551190000001')).toBeTruthy();
    expect(screen.getByTestId('ticket-resolve')).toBeTruthy();
    expect(screen.getByTestId('ticket-return')).toBeTruthy();
    expect(screen.queryByTestId('ticket-accept')).toBeNull();
    await waitFor(() =>
      expect(bubbles()).toEqual([
        { id: 'a', fromMe: 'false', ack: '0' },
        { id: 'b', fromMe: 'true', ack: '3' },
      ]),
    );
    expect(screen.getByRole('img', { name: 'Read' })).toBeTruthy();
  });

  it('loads the older page from the cursor of the last one when scrolled to the top, whatever arrived meanwhile', async () => {
    calls.length = 0;
    fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/tickets/u/uuid-1') return { body: current };
      if (call.url === '/messages/1?pageNumber=1') return { body: { messages: [message('c', 1), message('d', 1)], ticket: current, count: 4, hasMore: true, next: '310' } };
      if (call.url === '/messages/1?pageNumber=2&cursor=310') return { body: { messages: [message('a', 1), message('b', 1)], ticket: current, count: 4, hasMore: false } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    open();
    await waitFor(() => expect(bubbles().map((b) => b.id)).toEqual(['c', 'd']));
    // A message arrives, then the agent scrolls up: the older page is the one before the cursor, not an offset.
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: 'company-7-appMessage', payload: { action: 'create', message: message('e', 1), ticket: current, contact: current.contact } });
    fireEvent.scroll(screen.getByTestId('message-list'));
    await waitFor(() => expect(bubbles().map((b) => b.id)).toEqual(['a', 'b', 'c', 'd', 'e']));
  });

  it('adds new messages and applies acks from the feed', async () => {
    open();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const socket = FakeWebSocket.latest();
    const sent = message('c', 1, { fromMe: true, ack: 0, body: 'On my way' });
    socket.receive({ type: 'entry', seq: 1, event: 'company-7-appMessage', payload: { action: 'create', message: sent, ticket: current, contact: current.contact } });
    socket.receive({ type: 'entry', seq: 2, event: 'company-7-appMessage', payload: { action: 'create', message: message('x', 2), ticket: ticket(2), contact: current.contact } });
    expect(bubbles().map((b) => b.id)).toEqual(['a', 'b', 'c']);

    socket.receive({ type: 'entry', seq: 3, event: 'company-7-appMessage', payload: { action: 'update', message: { ...sent, ack: 2 }, ticket: current, contact: current.contact } });
    expect(bubbles()[2]).toEqual({ id: 'c', fromMe: 'true', ack: '2' });
  });

  it('resolves the ticket as the current user and goes back to the list', async () => {
    open();
    await userEvent.click(await screen.findByTestId('ticket-resolve'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/tickets/1', token: 'jwt', body: { status: 'closed', userId: me.id } },
    ]);
  });

  it('offers reopen on a closed ticket, stays on it, and only then allows typing', async () => {
    current = ticket(1, { status: 'closed' });
    open();
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Message')).disabled).toBe(true);
    await userEvent.click(screen.getByTestId('ticket-reopen'));

    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Message').disabled).toBe(false));
    expect(screen.getByTestId('location').textContent).toBe('/tickets/uuid-1');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'open', userId: me.id }]);
  });

  it('follows ticket updates from the feed', async () => {
    open();
    await screen.findByTestId('ticket-resolve');
    FakeWebSocket.latest().receive({
      type: 'entry',
      seq: 1,
      event: 'company-7-ticket',
      payload: { action: 'update', ticket: ticket(1, { status: 'pending', userId: null, user: null }) },
    });
    expect(screen.getByTestId('ticket-accept')).toBeTruthy();
    expect(screen.queryByTestId('ticket-resolve')).toBeNull();
  });
});
