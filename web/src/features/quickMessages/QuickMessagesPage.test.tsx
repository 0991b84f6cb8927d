import type { QuickMessage } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { quickMessage } from './fixtures';
import { QuickMessagesPage } from './QuickMessagesPage';

const rows = () => screen.queryAllByTestId('quick-message-row');
const ids = () => rows().map((r) => Number(r.dataset.quickMessageId));
const row = (id: number) => rows().find((r) => r.dataset.quickMessageId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

function feed(payload: Record<string, unknown>, seq: number, companyId = me.companyId) {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${companyId}-quickmessage`, payload });
}

describe('quick messages page', () => {
  let pages: Record<string, { records: QuickMessage[]; hasMore: boolean }>;

  beforeEach(() => {
    FakeWebSocket.install();
    pages = {
      '1': {
        records: [
          quickMessage(1, { shortcode: 'hello', mediaPath: '/public/1/price.pdf', mediaName: 'price.pdf' }),
          quickMessage(2, { shortcode: 'bye', geral: true, userId: 99 }),
          quickMessage(3, { shortcode: 'thanks' }),
        ],
        hasMore: false,
      },
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/quick-messages') {
        const search = url.searchParams.get('searchParam') ?? '';
        const page = pages[url.searchParams.get('pageNumber') ?? '1'] ?? { records: [], hasMore: false };
        return { body: { records: page.records.filter((q) => q.shortcode.includes(search)), hasMore: page.hasMore } };
      }
      if (call.method === 'DELETE' && url.pathname === '/quick-messages/3') return { body: { message: 'Quick message deleted' } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = (user = me) => renderSignedIn(<QuickMessagesPage />, { path: '/quick-messages', route: '/quick-messages', user });

  it('lists shortcode and attachment name; only her own can be changed by an agent, any by an admin', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(calls[0]?.url).toBe('/quick-messages?searchParam=&pageNumber=1');
    expect(within(row(1)).getByTestId('quick-message-row-shortcode').textContent).toBe('/hello');
    expect(within(row(1)).getByTestId('quick-message-attachment').textContent).toContain('price.pdf');
    expect(within(row(3)).getByTestId('quick-message-attachment').textContent).toBe('');
    expect(within(row(2)).getByTestId('quick-message-geral').textContent).toBe('Whole company');
    expect(within(row(2)).getByTestId<HTMLButtonElement>('quick-message-edit').disabled).toBe(true);
    expect(within(row(1)).getByTestId<HTMLButtonElement>('quick-message-edit').disabled).toBe(false);
  });

  it('lets an admin change the company’s ones', async () => {
    serve();
    render(admin);
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(within(row(2)).getByTestId<HTMLButtonElement>('quick-message-edit').disabled).toBe(false);
  });

  it('loads the next page when scrolled near the bottom', async () => {
    pages['1']!.hasMore = true;
    pages['2'] = { records: [quickMessage(4)], hasMore: false };
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    fireEvent.scroll(screen.getByTestId('quick-message-list'));
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4]));
    expect(calls.map((c) => c.url)).toContain('/quick-messages?searchParam=&pageNumber=2');
  });

  it('searches on the server after the typing stops', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await userEvent.type(screen.getByTestId('quick-messages-search'), 'than');
    await waitFor(() => expect(ids()).toEqual([3]), { timeout: 2000 });
    expect(calls.filter((c) => c.url.startsWith('/quick-messages?')).map((c) => c.url)).toEqual([
      '/quick-messages?searchParam=&pageNumber=1',
      '/quick-messages?searchParam=than&pageNumber=1',
    ]);
  });

  it('follows the realtime feed: new ones first, changes in place, deletions, and someone else’s made personal leaves', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    feed({ action: 'create', record: quickMessage(5) }, 1, 8);
    expect(ids()).toEqual([1, 2, 3]);

    feed({ action: 'create', record: quickMessage(5, { shortcode: 'new' }) }, 2);
    expect(ids()).toEqual([5, 1, 2, 3]);

    feed({ action: 'update', record: quickMessage(1, { shortcode: 'hi', mediaPath: null, mediaName: null }) }, 3);
    expect(ids()).toEqual([5, 1, 2, 3]);
    expect(within(row(1)).getByTestId('quick-message-row-shortcode').textContent).toBe('/hi');
    expect(within(row(1)).getByTestId('quick-message-attachment').textContent).toBe('');

    feed({ action: 'update', record: quickMessage(2, { shortcode: 'bye', geral: false, userId: 99 }) }, 4);
    expect(ids()).toEqual([5, 1, 3]);

    feed({ action: 'delete', id: 5 }, 5);
    expect(ids()).toEqual([1, 3]);
  });

  it('deletes a quick message after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));

    await userEvent.click(within(row(3)).getByTestId('quick-message-delete'));
    expect(await screen.findByText('Delete the quick answer "/thanks" and its attachment? This cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('quick-message-delete-dialog-confirm'));

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/quick-messages/3', body: undefined }]));
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(await screen.findByText('Quick answer deleted.')).toBeTruthy();
  });
});
