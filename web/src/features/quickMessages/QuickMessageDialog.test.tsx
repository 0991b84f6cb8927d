import type { QuickMessage } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { quickMessage } from './fixtures';
import { QuickMessageDialog } from './QuickMessageDialog';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
const pdf = () => new File(['%PDF-1.4'], 'price.pdf', { type: 'application/pdf' });

describe('quick message dialog', () => {
  let onSaved: ReturnType<typeof vi.fn<(q: QuickMessage) => void>>;
  let onClose: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    FakeWebSocket.install();
    onSaved = vi.fn();
    onClose = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const body = call.body as Partial<QuickMessage>;
      if (call.method === 'POST' && call.url === '/quick-messages') return { status: 201, body: quickMessage(9, body) };
      if (call.method === 'PUT' && call.url === '/quick-messages/1') return { body: quickMessage(1, { mediaPath: '/public/1/a.pdf', mediaName: 'a.pdf', ...body }) };
      if (call.method === 'POST' && call.url === '/quick-messages/9/media-upload') return { body: quickMessage(9, { mediaPath: '/public/9/price.pdf', mediaName: 'price.pdf' }) };
      if (call.method === 'DELETE' && call.url === '/quick-messages/1/media-upload') return { body: quickMessage(1, { shortcode: 'hello' }) };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = (user = me, editing?: QuickMessage) =>
    renderSignedIn(<QuickMessageDialog isOpen admin={user.profile === 'admin'} editing={editing} onSaved={onSaved} onClose={onClose} />, {
      path: '/quick-messages',
      route: '/quick-messages',
      user,
    });

  it('requires the shortcode (the contract’s rule), sending nothing', async () => {
    const { calls } = serve();
    render();
    await userEvent.type(screen.getByTestId('quick-message-message'), 'Hello there');
    await userEvent.click(screen.getByTestId('quick-message-submit'));
    expect(await screen.findByText('Shortcode is required')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses a shortcode with a space or a slash', async () => {
    const { calls } = serve();
    render();
    await userEvent.type(screen.getByTestId('quick-message-shortcode'), 'two words');
    await userEvent.click(screen.getByTestId('quick-message-submit'));
    expect(await screen.findByText('Shortcode one word, without spaces or slashes')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('shows the whole-company switch to admins only', () => {
    serve();
    const { unmount } = render();
    expect(screen.queryByTestId('quick-message-geral-switch')).toBeNull();
    unmount();
    render(admin);
    expect(screen.getByTestId('quick-message-geral-switch')).toBeTruthy();
  });

  it('adds one for the whole company (admin), then uploads the chosen file to media-upload', async () => {
    const { calls, fetch } = serve();
    render(admin);
    await userEvent.type(screen.getByTestId('quick-message-shortcode'), ' prices ');
    await userEvent.type(screen.getByTestId('quick-message-message'), 'Our prices are attached');
    await userEvent.click(screen.getByTestId('quick-message-geral-switch'));
    await userEvent.upload(screen.getByTestId('quick-message-file'), pdf());
    await userEvent.click(screen.getByTestId('quick-message-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/quick-messages'],
      ['POST', '/quick-messages/9/media-upload'],
    ]);
    expect(calls[0]?.body).toEqual({ shortcode: 'prices', message: 'Our prices are attached', geral: true });
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/quick-messages/9/media-upload')!;
    expect(((init?.body as FormData).get('file') as File).name).toBe('price.pdf');
    expect(onSaved).toHaveBeenLastCalledWith(expect.objectContaining({ id: 9, mediaName: 'price.pdf' }));
    expect(await screen.findByText('Quick answer saved.')).toBeTruthy();
  });

  it('adds a personal one for an agent (geral false)', async () => {
    const { calls } = serve();
    render();
    await userEvent.type(screen.getByTestId('quick-message-shortcode'), 'hi');
    await userEvent.click(screen.getByTestId('quick-message-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/quick-messages', body: { shortcode: 'hi', message: '', geral: false } }]);
  });

  it('edits: shows the attachment, removes it, and sends only what changed', async () => {
    const { calls } = serve();
    render(me, quickMessage(1, { shortcode: 'hello', mediaPath: '/public/1/a.pdf', mediaName: 'a.pdf' }));
    expect(screen.getByText('Edit quick answer')).toBeTruthy();
    expect(screen.getByTestId('quick-message-file-name').textContent).toBe('a.pdf');

    await userEvent.click(screen.getByTestId('quick-message-file-remove'));
    await waitFor(() => expect(screen.queryByTestId('quick-message-file-remove')).toBeNull());
    expect(await screen.findByText('Attachment removed.')).toBeTruthy();

    await userEvent.clear(screen.getByTestId('quick-message-message'));
    await userEvent.type(screen.getByTestId('quick-message-message'), 'Hello!');
    await userEvent.click(screen.getByTestId('quick-message-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      { method: 'DELETE', url: '/quick-messages/1/media-upload', body: undefined },
      { method: 'PUT', url: '/quick-messages/1', body: { message: 'Hello!' } },
    ]);
  });
});
