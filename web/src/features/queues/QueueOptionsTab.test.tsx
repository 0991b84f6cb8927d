import type { QueueOption } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { toastSuccess } from '../../ui/toaster';
import { anOption, aQueue } from './fixtures';
import { QueueDialog } from './QueueDialog';

// Toasts outlive a test: the notices are checked as calls.
vi.mock('../../ui/toaster', async (original) => ({ ...(await original<typeof import('../../ui/toaster')>()), toastSuccess: vi.fn(), toastError: vi.fn() }));

const queue = aQueue(5, { name: 'Support' });
const TREE_URL = '/queue-options?queueId=5&parentId=-1';

/** The menu of queue 5: "1. Sales" (with "1. New" and "2. Used" under it) and "2. Rentals". */
function aMenu(): QueueOption[] {
  const option = (id: number, change: Partial<QueueOption>) => anOption(id, { queueId: 5, ...change });
  return [
    option(10, { title: 'Sales', option: 1, children: [option(11, { parentId: 10, title: 'New', option: 1 }), option(12, { parentId: 10, title: 'Used', option: 2 })] }),
    option(20, { title: 'Rentals', option: 2 }),
  ];
}

/** Serves queue 5 and its menu from `menu` (read at each call); the option writes answer as the server does. */
function serve(menu: () => QueueOption[]) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === '/queue/5') return { body: queue };
    if (call.method === 'GET' && call.url === TREE_URL) return { body: menu() };
    if (call.method === 'POST' && call.url === '/queue-options') return { status: 201, body: anOption(30, call.body as Partial<QueueOption>) };
    if (call.method === 'DELETE' && call.url.startsWith('/queue-options/')) return { body: { message: 'Option deleted' } };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const labels = () => screen.queryAllByTestId('queue-option-label').map((label) => label.textContent);
const node = (id: number) => screen.getAllByTestId('queue-option').find((li) => li.dataset.optionId === String(id))!;
/** The node's own buttons, not those of the options under it. */
const button = (id: number, testId: string) => node(id).querySelector<HTMLElement>(`:scope > .queue-option-node [data-testid="${testId}"]`)!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
const treeReads = (calls: FakeCall[]) => calls.filter((c) => c.url === TREE_URL).length;

async function openOptions() {
  const onSaved = vi.fn();
  renderSignedIn(<QueueDialog isOpen queue={queue} onClose={vi.fn()} onSaved={onSaved} />, { user: admin, path: '/queues', route: '/queues' });
  await userEvent.click(await screen.findByRole('tab', { name: 'Options' }));
  return { onSaved };
}

describe('queue options tab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.mocked(toastSuccess).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the queue's menu as a tree of numbered options", async () => {
    serve(aMenu);
    await openOptions();
    await waitFor(() => expect(labels()).toEqual(['1. Sales', '1. New', '2. Used', '2. Rentals']));
    // "New" and "Used" sit under "Sales".
    expect(within(node(10)).getAllByTestId('queue-option').map((li) => li.dataset.optionId)).toEqual(['11', '12']);
    expect(within(node(20)).queryAllByTestId('queue-option')).toEqual([]);
    expect(button(10, 'queue-option-add-child').getAttribute('aria-label')).toBe('Add an option under 1. Sales');
  });

  it('adds an option under another one, then reads the tree again, without saving the queue', async () => {
    let menu = aMenu();
    const { calls } = serve(() => menu);
    const { onSaved } = await openOptions();
    await waitFor(() => expect(labels()).toHaveLength(4));

    await userEvent.click(button(10, 'queue-option-add-child'));
    const dialog = await screen.findByRole('dialog', { name: 'Add an option under 1. Sales' });
    await userEvent.type(within(dialog).getByTestId('queue-option-title'), ' Trade-in ');
    await userEvent.type(within(dialog).getByTestId('queue-option-message'), 'Tell us about your car.');
    menu = aMenu();
    menu[0]!.children.push(anOption(30, { queueId: 5, parentId: 10, title: 'Trade-in', option: 3 }));
    await userEvent.click(within(dialog).getByTestId('queue-option-save'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Option saved.'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ queueId: 5, parentId: 10, title: 'Trade-in', message: 'Tell us about your car.' });
    await waitFor(() => expect(labels()).toEqual(['1. Sales', '1. New', '2. Used', '3. Trade-in', '2. Rentals']));
    expect(treeReads(calls)).toBe(2);
    // The queue's own form was not submitted with it: the queue dialog stays, unsaved.
    expect(writes(calls)).toEqual(['POST /queue-options']);
    expect(toastSuccess).not.toHaveBeenCalledWith('Queue saved.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('adds a top-level option, and refuses one without a title', async () => {
    const { calls } = serve(aMenu);
    await openOptions();
    await waitFor(() => expect(labels()).toHaveLength(4));

    await userEvent.click(screen.getByTestId('queue-option-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add option' });
    await userEvent.click(within(dialog).getByTestId('queue-option-save'));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByTestId('queue-option-title'), 'Billing');
    await userEvent.click(within(dialog).getByTestId('queue-option-save'));
    await waitFor(() => expect(writes(calls)).toEqual(['POST /queue-options']));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ queueId: 5, parentId: null, title: 'Billing', message: '' });
  });

  it('deletes an option after asking, then reads the tree again', async () => {
    let menu = aMenu();
    const { calls } = serve(() => menu);
    await openOptions();
    await waitFor(() => expect(labels()).toHaveLength(4));

    await userEvent.click(button(11, 'queue-option-delete'));
    let alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Delete 1. New and the options under it? The options after it are renumbered.')).toBeTruthy();
    await userEvent.click(within(alert).getByTestId('queue-option-delete-confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await userEvent.click(button(11, 'queue-option-delete'));
    alert = await screen.findByRole('alertdialog');
    // The server renumbers what remains: "Used" becomes 1.
    menu = aMenu();
    menu[0]!.children = [anOption(12, { queueId: 5, parentId: 10, title: 'Used', option: 1 })];
    await userEvent.click(within(alert).getByTestId('queue-option-delete-confirm-confirm'));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Option deleted.'));
    expect(writes(calls)).toEqual(['DELETE /queue-options/11']);
    await waitFor(() => expect(labels()).toEqual(['1. Sales', '1. Used', '2. Rentals']));
  });

  it('edits the title and message of an option', async () => {
    const { calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/queue/5') return { body: queue };
      if (call.method === 'GET' && call.url === TREE_URL) return { body: aMenu() };
      if (call.method === 'PUT') return { body: anOption(20, call.body as Partial<QueueOption>) };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    await openOptions();
    await waitFor(() => expect(labels()).toHaveLength(4));

    await userEvent.click(button(20, 'queue-option-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit option' });
    const title = within(dialog).getByTestId<HTMLInputElement>('queue-option-title');
    expect(title.value).toBe('Rentals');
    await userEvent.clear(title);
    await userEvent.type(title, 'Long-term rentals');
    await userEvent.type(within(dialog).getByTestId('queue-option-message'), 'Which city?');
    await userEvent.click(within(dialog).getByTestId('queue-option-save'));

    await waitFor(() => expect(writes(calls)).toEqual(['PUT /queue-options/20']));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Long-term rentals', message: 'Which city?' });
  });

  it('reads the tree again when the queue feed announces a change of this queue', async () => {
    let menu = aMenu();
    const { calls } = serve(() => menu);
    await openOptions();
    await waitFor(() => expect(labels()).toHaveLength(4));

    menu = [anOption(20, { queueId: 5, title: 'Rentals', option: 1 })];
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-queue`, payload: { action: 'update', id: 6 } });
    FakeWebSocket.latest().receive({ type: 'entry', seq: 2, event: `company-${admin.companyId}-queue`, payload: { action: 'update', id: 5 } });
    await waitFor(() => expect(labels()).toEqual(['1. Rentals']));
    expect(treeReads(calls)).toBe(2);
  });
});
