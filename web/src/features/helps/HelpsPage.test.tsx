import type { Help } from '@atendo/contracts';
import { Classes } from '@blueprintjs/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { help } from './fixtures';
import { HelpsPage } from './HelpsPage';

const cards = () => screen.queryAllByTestId('help-card');

describe('helps page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  const serve = (helps: Help[]) =>
    fakeFetch((call) => (call.method === 'GET' && call.url === '/helps/list' ? { body: helps } : { status: 404, body: { error: 'ERR_NOT_FOUND' } }));

  it('shows each video as a card with its YouTube still, and an icon when the still cannot load', async () => {
    const { calls } = serve([help(1, { title: 'Connecting WhatsApp', video: 'abc123' }), help(2, { video: '' })]);
    renderSignedIn(<HelpsPage />, { path: '/helps', route: '/helps' });

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calls[0]?.url).toBe('/helps/list');
    const first = cards()[0]!;
    expect(within(first).getByText('Connecting WhatsApp')).toBeTruthy();
    expect(within(first).getByText('About video 1')).toBeTruthy();
    const img = within(first).getByTestId<HTMLImageElement>('help-thumbnail');
    expect(img.src).toBe('https://img.youtube.com/vi/abc123/mqdefault.jpg');
    // No code: the icon at once.
    expect(within(cards()[1]!).getByTestId('help-thumbnail-fallback')).toBeTruthy();

    fireEvent.error(img);
    expect(within(first).queryByTestId('help-thumbnail')).toBeNull();
    expect(within(first).getByTestId('help-thumbnail-fallback')).toBeTruthy();
  });

  it('opens the video in a dialog that plays it from YouTube', async () => {
    serve([help(1, { title: 'Tickets', video: 'xyz', description: 'How tickets work' })]);
    renderSignedIn(<HelpsPage />, { path: '/helps', route: '/helps' });

    await userEvent.click(await screen.findByTestId('help-card'));
    const dialog = await screen.findByRole('dialog', { name: 'Tickets' });
    expect(within(dialog).getByText('How tickets work')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLIFrameElement>('help-video').src).toBe('https://www.youtube.com/embed/xyz');

    // Blueprint moves the focus into the dialog on the next animation frame; Escape is heard from there.
    await waitFor(() => expect(dialog.closest(`.${Classes.OVERLAY}`)?.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('help-video')).toBeNull());
  });

  it('filters the cards by the search words, in title or description', async () => {
    serve([help(1, { title: 'Connections' }), help(2, { title: 'Queues', description: 'Routing by queue and connection' }), help(3, { title: 'Tags' })]);
    renderSignedIn(<HelpsPage />, { path: '/helps', route: '/helps' });
    await waitFor(() => expect(cards()).toHaveLength(3));

    await userEvent.type(screen.getByTestId('helps-search'), 'CONNECTION');
    expect(cards().map((c) => c.dataset.helpId)).toEqual(['1', '2']);

    await userEvent.type(screen.getByTestId('helps-search'), 'zzz');
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No video matches your search')).toBeTruthy();
  });

  it('says when there are no videos at all', async () => {
    serve([]);
    renderSignedIn(<HelpsPage />, { path: '/helps', route: '/helps' });
    expect(await screen.findByText('No help videos yet')).toBeTruthy();
    expect(screen.getByTestId('page')).toBeTruthy();
  });
});
