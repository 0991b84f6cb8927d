import type { Ticket } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { TicketOptions } from './TicketOptions';

const offered = () => screen.getAllByRole('menuitem').map((item) => item.dataset.testid);
const location = () => screen.getByTestId('location').textContent;

describe('ticket options menu', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    FakeWebSocket.install();
    ({ calls } = fakeFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/tickets/1') return { body: { message: 'Ticket deleted' } };
      if (call.method === 'PUT' && call.url === '/tickets/1') return { body: ticket(1, { status: 'pending', userId: null, user: null }) };
      if (call.method === 'GET' && call.url.startsWith('/ticket-notes/list')) return { body: [] };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => vi.unstubAllGlobals());

  const open = (shown: Ticket, user = me) => renderSignedIn(<TicketOptions ticket={shown} onChanged={() => undefined} />, { path: '/tickets/uuid-1', user });

  it('offers an agent transfer, return and the contact on an open ticket, but not delete', async () => {
    open(ticket(1));
    await userEvent.click(screen.getByTestId('ticket-options'));
    expect(offered()).toEqual(['ticket-option-transfer', 'ticket-option-return', 'ticket-option-contact']);
  });

  it('offers delete to an admin, and no return on a ticket that is not open', async () => {
    open(ticket(1, { status: 'pending', userId: null, user: null }), admin);
    await userEvent.click(screen.getByTestId('ticket-options'));
    expect(offered()).toEqual(['ticket-option-transfer', 'ticket-option-contact', 'ticket-option-delete']);
  });

  it('returns an open ticket to the queue and goes back to the list', async () => {
    open(ticket(1));
    await userEvent.click(screen.getByTestId('ticket-options'));
    await userEvent.click(screen.getByTestId('ticket-option-return'));
    await waitFor(() => expect(location()).toBe('/tickets'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/tickets/1', token: 'jwt', body: { status: 'pending', userId: null } }]);
  });

  it('deletes the ticket only once confirmed, then leaves it', async () => {
    open(ticket(1), admin);
    await userEvent.click(screen.getByTestId('ticket-options'));
    await userEvent.click(screen.getByTestId('ticket-option-delete'));
    expect(screen.getByTestId('ticket-delete-confirm').textContent).toContain('Contact 1');
    await userEvent.click(screen.getByTestId('ticket-delete-confirm-cancel'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(location()).toBe('/tickets/uuid-1');

    await userEvent.click(screen.getByTestId('ticket-options'));
    await userEvent.click(screen.getByTestId('ticket-option-delete'));
    await userEvent.click(screen.getByTestId('ticket-delete-confirm-confirm'));
    await waitFor(() => expect(location()).toBe('/tickets'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/tickets/1']);
  });

  it('works from the keyboard', async () => {
    open(ticket(1));
    screen.getByTestId('ticket-options').focus();
    await userEvent.keyboard('{Enter}');
    screen.getByTestId('ticket-option-contact').focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('contact-drawer')).toBeTruthy();
  });
});
