import type { Ticket, UpdateTicketRequest } from '@atendo/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { toastError } from '../../ui/toaster';
import { TicketOptions } from './TicketOptions';

vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastError: vi.fn() }));

const QUEUES = [
  { id: 1, name: 'Sales', color: '#ff8800' },
  { id: 2, name: 'Support', color: '#0088ff' },
];
const CONNECTIONS = [
  { id: 1, name: 'Main' },
  { id: 2, name: 'Second line' },
];

const location = () => screen.getByTestId('location').textContent;
const field = <E extends HTMLElement>(testId: string) => screen.getByTestId<E>(testId);

describe('transfer dialog', () => {
  let calls: FakeCall[];
  /** What PUT /tickets/1 answers: the ticket as the server leaves it. */
  let transferred: (change: UpdateTicketRequest) => Ticket | { status: number; error: string };
  const onChanged = vi.fn();

  beforeEach(() => {
    FakeWebSocket.install();
    onChanged.mockReset();
    vi.mocked(toastError).mockReset();
    transferred = (change) =>
      change.userId ? ticket(1, { status: 'open', userId: change.userId, queueId: change.queueId ?? null }) : ticket(1, { status: 'pending', userId: null, user: null, queueId: change.queueId ?? null });
    ({ calls } = fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/users/list') return { body: [{ id: 4, name: 'Bruno', profile: 'user' }, { id: me.id, name: me.name, profile: me.profile }] };
      if (call.method === 'GET' && url.pathname === '/queue') return { body: QUEUES };
      if (call.method === 'GET' && url.pathname === '/whatsapp') return { body: CONNECTIONS };
      if (call.method === 'PUT' && url.pathname === '/tickets/1') {
        const answer = transferred(call.body as UpdateTicketRequest);
        return 'error' in answer ? { status: answer.status, body: { error: answer.error } } : { body: answer };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const userSearches = () => calls.filter((c) => c.url.startsWith('/users/list')).map((c) => c.url);
  const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  async function openTransfer() {
    renderSignedIn(<TicketOptions ticket={ticket(1)} onChanged={onChanged} />, { path: '/tickets/uuid-1' });
    await userEvent.click(field('ticket-options'));
    await userEvent.click(field('ticket-option-transfer'));
    expect(field('transfer-dialog')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Support' })).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('option', { name: 'Second line' })).toBeTruthy());
  }

  /** Focusing the search selects its text on the next frame (Blueprint's Suggest): a person types after that. */
  async function focusSearch() {
    await userEvent.click(field('transfer-user-search'));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }

  async function chooseUser(name: string) {
    await focusSearch();
    await userEvent.keyboard(name.slice(0, 3));
    await userEvent.click(await screen.findByText(name, { selector: '[data-testid="transfer-user-option"] *' }));
  }

  it('searches users from the 3rd character only, once the typing pauses for 500 ms', async () => {
    await openTransfer();
    await focusSearch();
    const search = field('transfer-user-search');
    // Testing Library's user events wait on setTimeout, which fake timers hold: the keystrokes are change events here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = async (text: string, pause: number) => {
      fireEvent.change(search, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(pause));
    };
    await typed('B', 300);
    await typed('Br', 1000);
    expect(userSearches()).toEqual([]);

    await typed('Bru', 300);
    await typed('Brun', 499);
    expect(userSearches()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(userSearches()).toEqual(['/users/list?searchParam=Brun']);
    vi.useRealTimers();

    await waitFor(() => expect(screen.getAllByTestId('transfer-user-option').map((o) => o.textContent)).toEqual(['Bruno', me.name]));
    expect(userSearches()).toHaveLength(1);
  });

  it('sends nothing until a queue is chosen; a queue alone puts the ticket in it, waiting, and leaves it', async () => {
    await openTransfer();
    const confirm = field<HTMLButtonElement>('transfer-confirm');
    expect(confirm.disabled).toBe(true);
    await userEvent.click(confirm);
    expect(puts()).toEqual([]);

    await userEvent.selectOptions(field('transfer-queue'), '2');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(location()).toBe('/tickets'));
    expect(puts()).toEqual([{ queueId: 2, userId: null }]);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/tickets/1']);
  });

  it('sends the chosen user, and the connection only when it changes; another agent takes the ticket away', async () => {
    await openTransfer();
    expect(field<HTMLSelectElement>('transfer-connection').value).toBe('1');
    await chooseUser('Bruno');
    await userEvent.selectOptions(field('transfer-queue'), '2');
    await userEvent.selectOptions(field('transfer-connection'), '2');
    await userEvent.click(field('transfer-confirm'));
    await waitFor(() => expect(location()).toBe('/tickets'));
    expect(puts()).toEqual([{ queueId: 2, userId: 4, whatsappId: 2 }]);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('stays on a ticket transferred to oneself', async () => {
    await openTransfer();
    await chooseUser(me.name);
    await userEvent.selectOptions(field('transfer-queue'), '1');
    await userEvent.click(field('transfer-confirm'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(puts()).toEqual([{ queueId: 1, userId: me.id }]);
    expect(location()).toBe('/tickets/uuid-1');
    expect(screen.queryByTestId('transfer-dialog')).toBeNull();
  });

  it('a user cleared again transfers to the queue alone', async () => {
    await openTransfer();
    await chooseUser('Bruno');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer to no user' }));
    await userEvent.selectOptions(field('transfer-queue'), '2');
    await userEvent.click(field('transfer-confirm'));
    await waitFor(() => expect(puts()).toEqual([{ queueId: 2, userId: null }]));
  });

  it('shows a refusal and keeps the dialog open', async () => {
    transferred = () => ({ status: 404, error: 'ERR_QUEUE_NOT_FOUND' });
    await openTransfer();
    await userEvent.selectOptions(field('transfer-queue'), '2');
    await userEvent.click(field('transfer-confirm'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_QUEUE_NOT_FOUND' })));
    expect(field('transfer-dialog')).toBeTruthy();
    expect(location()).toBe('/tickets/uuid-1');
    expect(field<HTMLButtonElement>('transfer-confirm').disabled).toBe(false);
  });
});
