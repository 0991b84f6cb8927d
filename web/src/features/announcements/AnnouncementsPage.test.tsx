import type { Announcement } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { AnnouncementsPage } from './AnnouncementsPage';
import { announcement } from './fixtures';

const rows = () => screen.queryAllByTestId('announcement-row');
const ids = () => rows().map((r) => Number(r.dataset.announcementId));
const row = (id: number) => rows().find((r) => r.dataset.announcementId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

function feed(payload: Record<string, unknown>, seq: number, companyId = 7) {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${companyId}-announcement`, payload });
}

describe('announcements page', () => {
  let pages: Record<string, { records: Announcement[]; hasMore: boolean }>;

  beforeEach(() => {
    FakeWebSocket.install();
    me.super = true;
    pages = {
      '1': { records: [announcement(1, { priority: 1 }), announcement(2, { priority: 2 }), announcement(3, { priority: 3, status: false })], hasMore: false },
    };
  });
  afterEach(() => {
    me.super = false;
    vi.unstubAllGlobals();
  });

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/announcements') {
        const search = url.searchParams.get('searchParam') ?? '';
        const page = pages[url.searchParams.get('pageNumber') ?? '1'] ?? { records: [], hasMore: false };
        const records = page.records.filter((a) => a.title.toLowerCase().includes(search.toLowerCase()));
        return { body: { records, count: records.length, hasMore: page.hasMore } };
      }
      if (call.method === 'DELETE' && url.pathname === '/announcements/2') return { body: { message: 'Announcement deleted' } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<AnnouncementsPage />, { path: '/announcements', route: '/announcements' });

  it('lists every announcement with its priority in the spec colour: 1 red, 2 orange, 3 grey', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(calls[0]?.url).toBe('/announcements?searchParam=&pageNumber=1');

    expect(rows().map((r) => r.style.borderLeftColor)).toEqual(['rgb(205, 66, 70)', 'rgb(200, 118, 25)', 'rgb(143, 153, 168)']);
    expect(rows().map((r) => within(r).getByTestId('announcement-priority').textContent)).toEqual(['High', 'Medium', 'Low']);
    expect(within(row(1)).getByText('Announcement 1')).toBeTruthy();
    expect(within(row(1)).getByText('Text of 1')).toBeTruthy();
    expect(within(row(1)).getByTestId('announcement-status').textContent).toBe('Active');
    expect(within(row(3)).getByTestId('announcement-status').textContent).toBe('Inactive');
  });

  it('loads the next page when scrolled near the bottom', async () => {
    pages['1']!.hasMore = true;
    pages['2'] = { records: [announcement(4)], hasMore: false };
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    fireEvent.scroll(screen.getByTestId('announcement-list'));
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4]));
    expect(calls.map((c) => c.url)).toContain('/announcements?searchParam=&pageNumber=2');
  });

  it('searches on the server after the typing stops', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    await userEvent.type(screen.getByTestId('announcements-search'), 'ment 2');
    await waitFor(() => expect(ids()).toEqual([2]), { timeout: 2000 });
    expect(calls.map((c) => c.url)).toContain('/announcements?searchParam=ment+2&pageNumber=1');
  });

  it('follows the realtime feed: create, update and delete', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    feed({ action: 'create', record: announcement(5, { priority: 1 }) }, 1, 8);
    expect(ids()).toEqual([1, 2, 3]);

    feed({ action: 'create', record: announcement(5, { priority: 1 }) }, 2);
    expect(ids()).toEqual([5, 1, 2, 3]);

    feed({ action: 'update', record: announcement(2, { title: 'Changed', priority: 3 }) }, 3);
    expect(ids()).toEqual([5, 1, 2, 3]);
    expect(within(row(2)).getByText('Changed')).toBeTruthy();
    expect(row(2).style.borderLeftColor).toBe('rgb(143, 153, 168)');

    feed({ action: 'delete', id: 1 }, 4);
    expect(ids()).toEqual([5, 2, 3]);
  });

  it('deletes an announcement after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    await userEvent.click(within(row(2)).getByTestId('announcement-delete'));
    expect(await screen.findByText('Delete the announcement "Announcement 2" and its image? This cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('announcement-delete-dialog-confirm'));

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/announcements/2', body: undefined }]));
    await waitFor(() => expect(ids()).toEqual([1, 3]));
  });

  it('is for super users only: others see a notice and nothing is fetched', () => {
    me.super = false;
    const { calls } = serve();
    render();
    expect(screen.getByText('Only the platform’s super users manage announcements.')).toBeTruthy();
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
