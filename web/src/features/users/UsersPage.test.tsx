import type { User } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, aUser } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { UsersPage } from './UsersPage';
import { scrollListTo } from '../../test/scroll';

const rows = () => screen.queryAllByTestId('user-row');
const names = () => rows().map((row) => row.querySelector('strong')?.textContent);
const row = (id: number) => rows().find((r) => r.dataset.userId === String(id))!;
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/users/?')).map((c) => c.url);

function renderPage(user = admin) {
  return renderSignedIn(<UsersPage />, { user, path: '/users', route: '/users' });
}

/** Serves GET /users/ from `pages` (by searchParam, then page number); anything else from `other`. */
function serve(pages: Record<string, User[][]>, other: (call: FakeCall) => { status?: number; body?: unknown } = () => ({ status: 404, body: { error: 'ERR_NOT_FOUND' } })) {
  return fakeFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method === 'GET' && url.pathname === '/users/') {
      const list = pages[url.searchParams.get('searchParam') ?? ''] ?? [];
      const page = Number(url.searchParams.get('pageNumber'));
      const users = list[page - 1] ?? [];
      return { body: { users, count: list.flat().length, hasMore: page < list.length } };
    }
    return other(call);
  });
}

describe('users page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the users with their profile, queues in their colours and whether they are online', async () => {
    serve({
      '': [
        [
          aUser(3, { name: 'Ana', profile: 'admin', online: true }),
          aUser(5, { name: 'Bob', queues: [{ id: 1, name: 'Sales', color: '#ff8800' }, { id: 2, name: 'Support', color: '#003366' }] }),
        ],
      ],
    });
    renderPage();

    await waitFor(() => expect(names()).toEqual(['Ana', 'Bob']));
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(screen.getByTestId('users-count').textContent).toBe('2 users');
    expect(within(row(3)).getByText('Admin')).toBeTruthy();
    expect(within(row(5)).getByText('User')).toBeTruthy();
    expect(within(row(3)).getAllByLabelText('Online')).not.toHaveLength(0);
    expect(within(row(5)).getAllByLabelText('Offline')).not.toHaveLength(0);
    expect(within(row(5)).queryByLabelText('Online')).toBeNull();
    const tags = within(row(5)).getAllByTestId('queue-tag');
    expect(tags.map((t) => [t.textContent, t.style.backgroundColor])).toEqual([
      ['Sales', 'rgb(255, 136, 0)'],
      ['Support', 'rgb(0, 51, 102)'],
    ]);
    // Nobody deletes themselves (the signed-in user is 3).
    expect((within(row(3)).getByTestId('user-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((within(row(5)).getByTestId('user-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('searches 500 ms after the last key, sending searchParam', async () => {
    const { calls } = serve({ '': [[aUser(3), aUser(5, { name: 'Bob' })]], bob: [[aUser(5, { name: 'Bob' })]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.type(screen.getByTestId('users-search'), 'bob');
    await waitFor(() => expect(names()).toEqual(['Bob']), { timeout: 2000 });
    // One search for the whole word, not one per key.
    expect(listCalls(calls)).toEqual(['/users/?searchParam=&pageNumber=1', '/users/?searchParam=bob&pageNumber=1']);
  });

  it('loads the next page when the list is scrolled within 100 px of its bottom', async () => {
    const { calls } = serve({ '': [[aUser(1), aUser(2)], [aUser(3), aUser(4)]] });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    const scroller = screen.getByTestId('users-scroll');
    scrollListTo(scroller, 150); // 150 px from the bottom: not yet
    expect(listCalls(calls)).toHaveLength(1);

    scrollListTo(scroller, 80); // 80 px from the bottom
    await waitFor(() => expect(names()).toEqual(['User 1', 'User 2', 'User 3', 'User 4']));
    expect(listCalls(calls)).toEqual(['/users/?searchParam=&pageNumber=1', '/users/?searchParam=&pageNumber=2']);

    // The last page was read: no more calls.
    fireEvent.scroll(scroller);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('asks before deleting, then deletes and says so', async () => {
    let users = [aUser(3), aUser(5, { name: 'Bob' })];
    const { calls } = fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/users/') return { body: { users, count: users.length, hasMore: false } };
      if (call.method === 'DELETE' && url.pathname === '/users/5') {
        users = users.filter((u) => u.id !== 5);
        return { body: { message: 'User deleted' } };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(within(row(5)).getByTestId('user-delete'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(/Delete Bob\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Cancelling deletes nothing.
    await userEvent.click(within(alert).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(row(5)).getByTestId('user-delete'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByText('Delete'));
    expect(await screen.findByText('User deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/users/5']);
    await waitFor(() => expect(names()).toEqual(['User 3']));
  });

  it('fetches the list again when the user feed reports a change', async () => {
    let users = [aUser(3)];
    const { calls } = fakeFetch(() => ({ body: { users, count: users.length, hasMore: false } }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));

    users = [aUser(3), aUser(8, { name: 'Carla' })];
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: 'company-7-user', payload: { action: 'create', id: 8 } });
    await waitFor(() => expect(names()).toEqual(['User 3', 'Carla']));
    expect(calls).toHaveLength(2);
  });

  it('shows a non-admin that the page is for administrators, and asks nothing', async () => {
    const { calls } = fakeFetch(() => ({ body: {} }));
    renderSignedIn(<UsersPage />, { path: '/users', route: '/users' });
    expect(screen.getByText('Only administrators manage users.')).toBeTruthy();
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('opens the dialog to add a user and to edit one', async () => {
    serve({ '': [[aUser(5, { name: 'Bob' })]] }, () => ({ body: [] }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await userEvent.click(screen.getByTestId('users-add'));
    const added = await screen.findByRole('dialog');
    expect(within(added).getByText('Add user')).toBeTruthy();
    expect((within(added).getByTestId('user-name') as HTMLInputElement).value).toBe('');
    await userEvent.click(within(added).getByTestId('user-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(row(5)).getByTestId('user-edit'));
    const edited = await screen.findByRole('dialog');
    expect(within(edited).getByText('Edit user')).toBeTruthy();
    expect((within(edited).getByTestId('user-name') as HTMLInputElement).value).toBe('Bob');
  });
});
