import type { Announcement } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { AnnouncementsPopover } from './AnnouncementsPopover';

function announcement(id: number, change: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `Title ${id}`,
    text: `Text ${id}`,
    priority: 3,
    status: true,
    mediaPath: null,
    mediaName: null,
    createdAt: '2026-03-05T14:30:00.000Z',
    updatedAt: '2026-03-05T14:30:00.000Z',
    ...change,
  };
}

const items = () => screen.queryAllByTestId('announcement-item');
const titles = () => items().map((item) => item.querySelector('strong')?.textContent);
const badge = () => screen.queryByTestId('announcements-count')?.textContent ?? null;
let seq = 0;
const feed = (event: string, payload: unknown) => FakeWebSocket.latest().receive({ type: 'entry', seq: ++seq, event, payload: payload as Record<string, unknown> });

describe('announcements popover', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  function serve(records: Announcement[], count = records.length) {
    return fakeFetch((call) => {
      if (call.url.startsWith('/announcements?')) return { body: { records, count, hasMore: false } };
      if (call.url === '/announcements/4/media') return { body: 'png-bytes' };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  it('counts the active announcements on the button and shows each with its date and priority colour', async () => {
    const { calls } = serve([
      announcement(1, { priority: 1, title: 'Maintenance tonight', text: 'From 22:00\nfor an hour' }),
      announcement(2, { priority: 2 }),
      announcement(3, { priority: 3 }),
    ]);
    renderSignedIn(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('3'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/announcements?pageNumber=1', token: 'jwt' });

    await userEvent.click(screen.getByTestId('announcements-button'));
    const [first] = items();
    expect(within(first!).getByText('Maintenance tonight')).toBeTruthy();
    expect(within(first!).getByText(/From 22:00\s+for an hour/)).toBeTruthy();
    const time = first!.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-03-05T14:30:00.000Z');
    expect(time?.textContent).toMatch(/^05\/03\/2026 \d\d:30$/);
    expect(items().map((item) => item.style.borderLeftColor)).toEqual(['rgb(205, 66, 70)', 'rgb(200, 118, 25)', 'rgb(143, 153, 168)']);
  });

  it('shows the image, fetched with the token', async () => {
    const created = vi.fn(() => 'blob:image-4');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { calls } = serve([announcement(4, { mediaPath: '/announcements/4/media', mediaName: 'banner.png' })]);
    renderSignedIn(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('1'));
    await userEvent.click(screen.getByTestId('announcements-button'));

    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'banner.png' });
    expect(image.src).toBe('blob:image-4');
    expect(calls.find((c) => c.url === '/announcements/4/media')?.token).toBe('jwt');
  });

  it('keeps the list and the count live: published, switched off, deleted', async () => {
    serve([announcement(1, { priority: 2 })]);
    renderSignedIn(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('1'));
    await userEvent.click(screen.getByTestId('announcements-button'));

    feed('company-7-announcement', { action: 'create', record: announcement(5, { priority: 1, title: 'Urgent' }) });
    expect(titles()).toEqual(['Urgent', 'Title 1']);
    expect(badge()).toBe('2');

    feed('company-7-announcement', { action: 'update', record: announcement(5, { priority: 1, title: 'Urgent', status: false }) });
    expect(titles()).toEqual(['Title 1']);
    expect(badge()).toBe('1');

    feed('company-7-announcement', { action: 'delete', id: 1 });
    expect(titles()).toEqual([]);
    expect(badge()).toBeNull();
    expect(screen.getByText('No announcements')).toBeTruthy();
  });
});
