import type { Announcement } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { AnnouncementDialog } from './AnnouncementDialog';
import { announcement } from './fixtures';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
const png = (name = 'photo.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('announcement dialog', () => {
  let upload: { status: number; body: unknown } | undefined;
  let onSaved: ReturnType<typeof vi.fn<(a: Announcement) => void>>;
  let onClose: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    FakeWebSocket.install();
    upload = undefined;
    onSaved = vi.fn();
    onClose = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const body = call.body as Partial<Announcement>;
      if (call.method === 'POST' && call.url === '/announcements') return { status: 201, body: announcement(9, body) };
      if (call.method === 'PUT' && call.url === '/announcements/1') return { body: announcement(1, { mediaPath: '/announcements/1/media', ...body }) };
      if (call.method === 'POST' && call.url === '/announcements/9/media-upload')
        return upload ?? { body: announcement(9, { mediaPath: '/announcements/9/media', mediaName: 'photo.png' }) };
      if (call.method === 'DELETE' && call.url === '/announcements/1/media-upload') return { body: announcement(1, { title: 'Old', priority: 2 }) };
      if (call.method === 'GET' && call.url.endsWith('/media')) return { body: 'image bytes' };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = (editing?: Announcement) =>
    renderSignedIn(<AnnouncementDialog isOpen editing={editing} onSaved={onSaved} onClose={onClose} />, { path: '/announcements', route: '/announcements' });

  const fill = async () => {
    await userEvent.type(screen.getByTestId('announcement-title'), '  Maintenance  ');
    await userEvent.type(screen.getByTestId('announcement-text'), 'Tonight at 22:00');
    await userEvent.selectOptions(screen.getByTestId('announcement-priority-select'), 'High');
  };

  it('refuses an empty title and text with the schema rules, sending nothing', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(screen.getByTestId('announcement-submit'));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Text is required')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('publishes an announcement, then sends the chosen image as multipart to the media-upload route', async () => {
    const { calls, fetch } = serve();
    render();
    await fill();
    await userEvent.upload(screen.getByTestId('announcement-file'), png());
    await userEvent.click(screen.getByTestId('announcement-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/announcements'],
      ['POST', '/announcements/9/media-upload'],
    ]);
    expect(calls[0]?.body).toEqual({ title: 'Maintenance', text: 'Tonight at 22:00', priority: 1, status: true });

    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/announcements/9/media-upload')!;
    expect(init?.body).toBeInstanceOf(FormData);
    const sent = (init?.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('photo.png');
    // The browser writes multipart's Content-Type with its boundary: none is set by hand.
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt');
    expect(onSaved).toHaveBeenLastCalledWith(expect.objectContaining({ id: 9, mediaPath: '/announcements/9/media' }));
  });

  it('refuses an image over 2 MiB before sending anything', async () => {
    const { calls } = serve();
    render();
    await fill();
    await userEvent.upload(screen.getByTestId('announcement-file'), png('big.png', 2 * 1024 * 1024 + 1));
    expect(screen.getByText('The image is larger than 2 MiB.')).toBeTruthy();

    await userEvent.click(screen.getByTestId('announcement-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((c) => c.url)).toEqual(['/announcements']);
  });

  it("shows the server's refusal of the image and retries on the saved announcement, not a new one", async () => {
    const { calls } = serve();
    upload = { status: 413, body: { error: 'ERR_VALIDATION', details: [{ path: 'file', rule: 'fileTooLarge', message: 'is larger than allowed' }] } };
    render();
    await fill();
    await userEvent.upload(screen.getByTestId('announcement-file'), png());
    await userEvent.click(screen.getByTestId('announcement-submit'));

    expect(await screen.findByText('The image is larger than 2 MiB.')).toBeTruthy();
    expect(await screen.findByText('Some fields are missing or invalid. Check them and try again.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Edit announcement')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('announcement-title').value).toBe('Maintenance');

    upload = undefined;
    await userEvent.upload(screen.getByTestId('announcement-file'), png('smaller.png'));
    await userEvent.click(screen.getByTestId('announcement-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/announcements'],
      ['POST', '/announcements/9/media-upload'],
      ['POST', '/announcements/9/media-upload'],
    ]);
  });

  it('edits: sends only what changed, and removes the image', async () => {
    const { calls } = serve();
    render(announcement(1, { title: 'Old', priority: 2, mediaPath: '/announcements/1/media', mediaName: 'a.png' }));
    expect(screen.getByTestId<HTMLInputElement>('announcement-title').value).toBe('Old');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Old' }).getAttribute('src')).toBe('blob:image'));
    expect(calls.map((c) => [c.method, c.url])).toEqual([['GET', '/announcements/1/media']]);
    expect(calls[0]?.token).toBe('jwt');

    await userEvent.click(screen.getByTestId('announcement-image-remove'));
    await waitFor(() => expect(screen.queryByTestId('announcement-image-remove')).toBeNull());
    expect(await screen.findByText('Image removed.')).toBeTruthy();

    await userEvent.click(screen.getByTestId('announcement-status-switch'));
    await userEvent.click(screen.getByTestId('announcement-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      { method: 'DELETE', url: '/announcements/1/media-upload', body: undefined },
      { method: 'PUT', url: '/announcements/1', body: { status: false } },
    ]);
  });
});
