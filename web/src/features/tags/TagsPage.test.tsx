import type { Tag } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { fakeServerEachTest, feedEntry } from '../../test/fakeServer';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { aTag } from './fixtures';
import { TagsPage } from './TagsPage';

const rows = () => screen.queryAllByTestId('tag-row');
const names = () => rows().map((row) => within(row).getByTestId('tag-row-name').textContent);
const row = (id: number) => rows().find((r) => r.dataset.tagId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

/** Serves GET /tags from `list` (filtered by the search, 20 a page) and the writes as the server answers them. */
function serve(list: () => Tag[], writes: (call: FakeCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return fakeFetch((call) => {
    const answer = writes(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url.startsWith('/tags?')) {
      const query = new URLSearchParams(call.url.split('?')[1]);
      const page = Number(query.get('pageNumber'));
      const found = list().filter((t) => t.name.toLowerCase().includes((query.get('searchParam') ?? '').toLowerCase()));
      return { body: { tags: found.slice((page - 1) * 20, page * 20), hasMore: found.length > page * 20 } };
    }
    if (call.method === 'DELETE' && call.url.startsWith('/tags/')) return { body: { message: 'Tag deleted' } };
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const tagFeed = (payload: object) => feedEntry('tag', payload);

function renderPage(user = admin) {
  return renderSignedIn(<TagsPage />, { user, path: '/tags', route: '/tags' });
}

describe('tags page', { timeout: 20_000 }, () => {
  fakeServerEachTest();

  it('lists each tag as a chip in its colour, with its ticket count and whether it is a kanban lane', async () => {
    serve(() => [aTag(1, { name: 'Urgent', color: '#ff0000', ticketsCount: 4, kanban: 1 }), aTag(2, { name: 'Waiting', color: '#eeeeee' })]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Urgent', 'Waiting']));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Tickets', 'Kanban', 'Actions']);
    const urgent = within(row(1)).getByTestId('tag-row-name');
    expect(urgent.style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(urgent.style.color).toBe('rgb(255, 255, 255)');
    // Dark text on a light colour.
    expect(within(row(2)).getByTestId('tag-row-name').style.color).toBe('rgb(28, 33, 39)');
    expect(within(row(1)).getByTestId('tag-row-count').textContent).toBe('4');
    expect(within(row(1)).getByLabelText('A kanban lane')).toBeTruthy();
    expect(within(row(2)).queryByLabelText('A kanban lane')).toBeNull();
  });

  it('searches 500 ms after the last key and reads the next page when scrolled', async () => {
    const many = Array.from({ length: 25 }, (_, i) => aTag(i + 1, { name: `Lot ${String(i).padStart(2, '0')}` }));
    const { calls } = serve(() => [...many, aTag(99, { name: 'Other' })]);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.scroll(screen.getByTestId('tags-scroll'));
    await waitFor(() => expect(rows()).toHaveLength(26));
    expect(calls.map((c) => c.url)).toEqual(['/tags?searchParam=&pageNumber=1', '/tags?searchParam=&pageNumber=2']);
    await userEvent.type(screen.getByTestId('tags-search'), 'oth');
    await waitFor(() => expect(names()).toEqual(['Other']));
    expect(calls.filter((c) => c.url.startsWith('/tags?searchParam=o')).map((c) => c.url)).toEqual(['/tags?searchParam=oth&pageNumber=1']);
  });

  it('adds a tag with the form: the name must have 3 characters, the colour is picked, and admins choose the kanban', async () => {
    let tags: Tag[] = [];
    const { calls } = serve(
      () => tags,
      (call) => {
        if (call.method !== 'POST') return undefined;
        tags = [aTag(5, call.body as Partial<Tag>)];
        return { status: 201, body: tags[0] };
      },
    );
    renderPage();
    expect(await screen.findByText('No tags yet.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('tags-add'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('tag-name'), 'ab');
    await userEvent.click(within(dialog).getByTestId('tag-save'));
    expect(await within(dialog).findByText(/Name/, { selector: '.bp6-form-helper-text' })).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByTestId('tag-name'), 'c');
    const picker = within(dialog).getByTestId('tag-color-picker');
    // A colour input's change, as the picker gives it.
    fireEvent.change(picker, { target: { value: '#00aa00' } });
    expect((within(dialog).getByTestId('tag-color') as HTMLInputElement).value).toBe('#00aa00');
    await userEvent.click(within(dialog).getByTestId('tag-kanban'));
    await userEvent.click(within(dialog).getByTestId('tag-save'));
    expect(await screen.findByText('Tag saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'abc', color: '#00aa00', kanban: 1 });
    await waitFor(() => expect(names()).toEqual(['abc']));
  });

  it("shows a user the kanban switch only if an admin, and no deleting a lane", async () => {
    const { calls } = serve(
      () => [aTag(1, { name: 'Lane', kanban: 1 }), aTag(2, { name: 'Plain' })],
      (call) => (call.method === 'PUT' ? { body: aTag(2, { name: 'Plain tag' }) } : undefined),
    );
    renderPage(me);
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Toasts of earlier tests may still be up.
    const saved = screen.queryAllByText('Tag saved.').length;
    expect((within(row(1)).getByTestId('tag-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((within(row(2)).getByTestId('tag-delete') as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(within(row(2)).getByTestId('tag-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('tag-kanban')).toBeNull();
    await userEvent.type(within(dialog).getByTestId('tag-name'), ' tag');
    await userEvent.click(within(dialog).getByTestId('tag-save'));
    await waitFor(() => expect(screen.queryAllByText('Tag saved.').length).toBe(saved + 1));
    // Only what changed is sent.
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/tags/2', body: { name: 'Plain tag' } });
  });

  it('asks before deleting, saying how many tickets lose the tag, then deletes and says so', async () => {
    let tags = [aTag(1, { name: 'Old', ticketsCount: 3 }), aTag(2, { name: 'Kept' })];
    const { calls } = serve(() => tags);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(row(1)).getByTestId('tag-delete'));
    let alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Delete Old? It leaves the 3 tickets that carry it. This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(alert).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(row(1)).getByTestId('tag-delete'));
    alert = await screen.findByRole('alertdialog');
    tags = [tags[1]!];
    await userEvent.click(within(alert).getByTestId('tag-confirm-delete-confirm'));
    expect(await screen.findByText('Tag deleted.')).toBeTruthy();
    expect(writes(calls)).toEqual(['DELETE /tags/1']);
    await waitFor(() => expect(names()).toEqual(['Kept']));
  });

  it('keeps the list up to date from the tag channel: new ones first, changes in place, deletions gone', async () => {
    const { calls } = serve(() => [aTag(1, { name: 'First' })]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['First']));
    tagFeed({ action: 'create', tag: aTag(7, { name: 'Brand new' }) });
    await waitFor(() => expect(names()).toEqual(['Brand new', 'First']));
    tagFeed({ action: 'update', tag: aTag(1, { name: 'First', ticketsCount: 9 }) });
    await waitFor(() => expect(within(row(1)).getByTestId('tag-row-count').textContent).toBe('9'));
    tagFeed({ action: 'ticket', ticketId: 4, tagIds: [1] });
    tagFeed({ action: 'delete', tagId: 7 });
    await waitFor(() => expect(names()).toEqual(['First']));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });
});
