import type { Flow } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CshowOnly } from '../../app/CshowOnly';
import { aFlow } from './fixtures';
import { FlowsPage } from './FlowsPage';

const rows = () => screen.queryAllByTestId('flow-row');
const ids = () => rows().map((r) => Number(r.dataset.flowId));
const row = (id: number) => rows().find((r) => r.dataset.flowId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

function feed(payload: Record<string, unknown>, seq: number) {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${admin.companyId}-flow`, payload });
}

async function openMenu(id: number) {
  await userEvent.click(within(row(id)).getByTestId('flow-menu'));
}

describe('flows page', () => {
  let pages: Record<string, { flows: Flow[]; hasMore: boolean }>;

  beforeEach(() => {
    FakeWebSocket.install();
    pages = { '1': { flows: [aFlow(1, { name: 'Welcome' }), aFlow(2, { name: 'Sales', active: false, version: 0 }), aFlow(3, { name: 'Support' })], hasMore: false } };
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/flowbuilder') {
        const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
        const page = pages[url.searchParams.get('pageNumber') ?? '1'] ?? { flows: [], hasMore: false };
        return { body: { flows: page.flows.filter((f) => f.name.toLowerCase().includes(search)), hasMore: page.hasMore } };
      }
      if (call.method === 'POST' && url.pathname === '/flowbuilder') return { status: 201, body: aFlow(9, { name: (call.body as { name: string }).name, version: 0 }) };
      if (call.method === 'PUT' && url.pathname === '/flowbuilder') {
        const { flowId, name, active } = call.body as { flowId: number; name: string; active: boolean };
        return { body: aFlow(flowId, { name, active }) };
      }
      if (call.method === 'POST' && url.pathname === '/flowbuilder/duplicate') return { status: 201, body: aFlow(10, { name: 'Welcome (copy)' }) };
      if (call.method === 'DELETE' && url.pathname === '/flowbuilder/3') return { status: 204 };
      return { status: 404, body: { error: 'ERR_FLOW_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<FlowsPage />, { path: '/flowbuilders', route: '/flowbuilders', user: admin });

  it('lists the flows with their status, and a row click opens the editor', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(calls[0]?.url).toBe('/flowbuilder?searchParam=&pageNumber=1');
    expect(within(row(1)).getByTestId('flow-row-status').textContent).toBe('Active');
    expect(within(row(2)).getByTestId('flow-row-status').textContent).toBe('Inactive');
    await userEvent.click(within(row(2)).getByTestId('flow-row-name'));
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilder/2');
  });

  it('loads the next page when scrolled near the bottom', async () => {
    pages['1']!.hasMore = true;
    pages['2'] = { flows: [aFlow(4)], hasMore: false };
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    fireEvent.scroll(screen.getByTestId('flow-list'));
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4]));
    expect(calls.map((c) => c.url)).toContain('/flowbuilder?searchParam=&pageNumber=2');
  });

  it('searches on the server after the typing stops', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await userEvent.type(screen.getByTestId('flows-search'), 'sal');
    await waitFor(() => expect(ids()).toEqual([2]), { timeout: 2000 });
    expect(calls.filter((c) => c.url.startsWith('/flowbuilder?')).map((c) => c.url)).toEqual(['/flowbuilder?searchParam=&pageNumber=1', '/flowbuilder?searchParam=sal&pageNumber=1']);
  });

  it('adds a flow after checking its name (the contract’s rule), first in the list', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await userEvent.click(screen.getByTestId('flow-add'));
    await userEvent.type(screen.getByTestId('flow-name'), 'a');
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    expect(await screen.findByText('Too short!')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await userEvent.type(screen.getByTestId('flow-name'), 'fter hours ');
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', url: '/flowbuilder', body: { name: 'after hours' } }]));
    await waitFor(() => expect(ids()).toEqual([9, 1, 2, 3]));
    expect(await screen.findByText('Flow created successfully')).toBeTruthy();
  });

  it('renames a flow and switches it off from its menu', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await openMenu(1);
    await userEvent.click(await screen.findByTestId('flow-rename'));
    const name = screen.getByTestId<HTMLInputElement>('flow-name');
    expect(name.value).toBe('Welcome');
    await userEvent.clear(name);
    await userEvent.type(name, 'Hello');
    await userEvent.click(screen.getByTestId('flow-active'));
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', url: '/flowbuilder', body: { flowId: 1, name: 'Hello', active: false } }]));
    await waitFor(() => expect(within(row(1)).getByTestId('flow-row-name').textContent).toBe('Hello'));
    expect(within(row(1)).getByTestId('flow-row-status').textContent).toBe('Inactive');
    expect(await screen.findByText('Flow updated successfully')).toBeTruthy();
  });

  it('duplicates a flow: the copy comes first', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await openMenu(1);
    await userEvent.click(await screen.findByTestId('flow-duplicate'));
    await waitFor(() => expect(ids()).toEqual([10, 1, 2, 3]));
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/flowbuilder/duplicate', body: { flowId: 1 } }]);
    expect(await screen.findByText('Flow duplicated successfully')).toBeTruthy();
  });

  it('opens the editor from the menu', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await openMenu(3);
    await userEvent.click(await screen.findByTestId('flow-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilder/3');
  });

  it('deletes a flow after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    await openMenu(3);
    await userEvent.click(await screen.findByTestId('flow-delete'));
    expect(await screen.findByText(/Delete the flow "Support"\?/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilders');
    await userEvent.click(screen.getByTestId('flow-delete-dialog-confirm'));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/flowbuilder/3', body: undefined }]));
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(await screen.findByText('Flow deleted successfully')).toBeTruthy();
  });

  it('follows the flow feed: new ones first, changes in place, deletions', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    feed({ action: 'create', record: aFlow(5, { name: 'New' }) }, 1);
    expect(ids()).toEqual([5, 1, 2, 3]);
    feed({ action: 'update', record: aFlow(2, { name: 'Sales 2' }) }, 2);
    expect(within(row(2)).getByTestId('flow-row-name').textContent).toBe('Sales 2');
    feed({ action: 'delete', id: 1 }, 3);
    expect(ids()).toEqual([5, 2, 3]);
  });

  it('exists only with the browser flag cshow', async () => {
    serve();
    renderSignedIn(
      <CshowOnly>
        <FlowsPage />
      </CshowOnly>,
      { path: '/flowbuilders', route: '/flowbuilders', user: admin },
    );
    expect(screen.getByTestId('not-found-page')).toBeTruthy();
  });
});
