import type { Queue } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { fakeServerEachTest, feedEntry } from '../../test/fakeServer';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { aQueue } from './fixtures';
import { QueuesPage } from './QueuesPage';

const rows = () => screen.queryAllByTestId('queue-row');
const names = () => rows().map((row) => within(row).getByTestId('queue-row-name').textContent);
const row = (id: number) => rows().find((r) => r.dataset.queueId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url === '/queue').length;

/** Serves GET /queue from `list` (read at each call) and answers DELETE /queue/{id} as the server does. */
function serve(list: () => Queue[]) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === '/queue') return { body: list() };
    if (call.method === 'DELETE' && call.url.startsWith('/queue/')) return { body: { message: 'Queue deleted' } };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const queueFeed = (payload: object) => feedEntry('queue', payload);

function renderPage(user = admin) {
  return renderSignedIn(<QueuesPage />, { user, path: '/queues', route: '/queues' });
}

describe('queues page', { timeout: 20_000 }, () => {
  fakeServerEachTest();

  it('lists each queue with its id, name, colour, order and greeting, and the buttons of an administrator', async () => {
    const greeting = 'Welcome to sales! Choose an option below to talk to the right person.';
    serve(() => [aQueue(1, { name: 'Sales', color: '#ff8800', orderQueue: 1, greetingMessage: greeting }), aQueue(2, { name: 'Support' })]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Sales', 'Support']));
    expect(screen.getByTestId('queues-count').textContent).toBe('2 queues');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'Name', 'Colour', 'Order', 'Greeting', 'Actions']);

    const sales = row(1);
    expect(within(sales).getAllByRole('cell')[0]?.textContent).toBe('1');
    expect(within(sales).getByTestId('queue-row-color').textContent).toBe('#ff8800');
    expect(within(sales).getByTestId('queue-row-color').querySelector<HTMLElement>('.queue-color-swatch')?.style.backgroundColor).toBe('rgb(255, 136, 0)');
    expect(within(sales).getByTestId('queue-row-order').textContent).toBe('1');
    // The greeting is cut to one line by its style; the whole text is its title.
    expect(within(sales).getByTestId('queue-row-greeting').getAttribute('title')).toBe(greeting);
    expect(within(row(2)).getByTestId('queue-row-order').textContent).toBe('');

    expect(screen.getByTestId('queues-add')).toBeTruthy();
    expect(within(sales).getByLabelText('Edit Sales')).toBeTruthy();
    expect(within(sales).getByLabelText('Delete Sales')).toBeTruthy();
    // Narrow screens scroll the table sideways.
    expect(screen.getByTestId('queues-scroll').contains(screen.getByTestId('queues-table'))).toBe(true);
  });

  it('shows a user who may not manage queues the table only, without add, edit or delete', async () => {
    const { calls } = serve(() => [aQueue(1, { name: 'Sales' })]);
    renderPage(me);
    await waitFor(() => expect(names()).toEqual(['Sales']));
    expect(screen.queryByTestId('queues-add')).toBeNull();
    expect(screen.queryByTestId('queue-edit')).toBeNull();
    expect(screen.queryByTestId('queue-delete')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).not.toContain('Actions');
    expect(screen.getByTestId('queues-read-only').textContent).toBe('Only administrators add, edit or delete queues.');
    expect(writes(calls)).toEqual([]);
  });

  it('asks before deleting, then deletes, says so and reads the list again', async () => {
    let queues = [aQueue(1, { name: 'Sales' }), aQueue(2, { name: 'Support' })];
    const { calls } = serve(() => queues);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(within(row(2)).getByTestId('queue-delete'));
    let alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Delete Support? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(alert).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(row(2)).getByTestId('queue-delete'));
    alert = await screen.findByRole('alertdialog');
    queues = [queues[0]!];
    await userEvent.click(within(alert).getByTestId('queue-delete-confirm-confirm'));
    expect(await screen.findByText('Queue deleted.')).toBeTruthy();
    expect(writes(calls)).toEqual(['DELETE /queue/2']);
    await waitFor(() => expect(names()).toEqual(['Sales']));
  });

  it('reads the list again on each entry of the queue feed', async () => {
    let queues = [aQueue(1, { name: 'Sales' })];
    const { calls } = serve(() => queues);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Sales']));
    expect(lists(calls)).toBe(1);

    queues = [aQueue(1, { name: 'Sales' }), aQueue(3, { name: 'Billing' })];
    queueFeed({ action: 'create', id: 3 });
    await waitFor(() => expect(names()).toEqual(['Sales', 'Billing']));

    queues = [aQueue(1, { name: 'Sales and rentals' }), aQueue(3, { name: 'Billing' })];
    queueFeed({ action: 'update', id: 1 });
    await waitFor(() => expect(names()).toEqual(['Sales and rentals', 'Billing']));

    queues = [aQueue(3, { name: 'Billing' })];
    queueFeed({ action: 'delete', queueId: 1 });
    await waitFor(() => expect(names()).toEqual(['Billing']));
    expect(lists(calls)).toBe(4);
  });

  it('adds a queue from the page: the dialog closes and the list is read again', async () => {
    let queues: Queue[] = [];
    const { calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/queue') return { body: queues };
      if (call.method === 'POST' && call.url === '/queue') {
        queues = [aQueue(4, call.body as Partial<Queue>)];
        return { status: 201, body: queues[0] };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    renderPage();
    expect(await screen.findByText('No queues yet.')).toBeTruthy();

    await userEvent.click(screen.getByTestId('queues-add'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('queue-name'), 'Sales');
    await userEvent.click(within(dialog).getByTestId('queue-save'));

    expect(await screen.findByText('Queue saved.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Sales']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual(['POST /queue']);
  });
});
