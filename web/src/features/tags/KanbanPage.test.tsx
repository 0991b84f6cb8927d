import type { Tag, Ticket } from '@atendo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, ticket } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { DRAG_TYPE } from './KanbanCard';
import { KanbanPage } from './KanbanPage';

const lane = (id: number, name: string, color = '#2266dd'): Tag => ({ id, name, color, kanban: 1, userId: 1, ticketsCount: 0 });
const laneEl = (id: number | 'open') => screen.getAllByTestId('kanban-lane').find((l) => l.dataset.lane === String(id))!;
const cardIds = (id: number | 'open') => within(laneEl(id)).queryAllByTestId('kanban-card').map((c) => Number(c.dataset.ticketId));
const card = (ticketId: number) => screen.getAllByTestId('kanban-card').find((c) => c.dataset.ticketId === String(ticketId))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

/** A drag from a card onto a lane, as the browser's drag and drop delivers it. */
function drag(ticketId: number, to: number | 'open') {
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'none',
  };
  fireEvent.dragStart(card(ticketId), { dataTransfer });
  fireEvent.dragOver(laneEl(to), { dataTransfer });
  fireEvent.drop(laneEl(to), { dataTransfer });
}

function serve(lanes: Tag[], tickets: Ticket[], write: (call: FakeCall) => { status?: number; body?: unknown } = () => ({ body: { tags: [] } })) {
  return fakeFetch((call) => {
    if (call.method === 'GET' && call.url === '/tags/kanban') return { body: { lista: lanes } };
    if (call.method === 'GET' && call.url === '/ticket/kanban') return { body: { tickets } };
    if (call.method !== 'GET') return write(call);
    return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
  });
}

const feed = (channel: string, payload: Record<string, unknown>) =>
  act(() => FakeWebSocket.latest().receive({ type: 'entry', seq: Date.now(), event: `company-${admin.companyId}-${channel}`, payload }));

function renderPage() {
  return renderSignedIn(<KanbanPage />, { user: admin, path: '/kanban', route: '/kanban' });
}

describe('kanban page', { timeout: 20_000 }, () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('shows an open lane and one lane per kanban tag, each card with its number, contact, last message and a way to the ticket', async () => {
    serve([lane(5, 'Doing', '#ff0000')], [ticket(1), ticket(2, { tags: [{ id: 5, name: 'Doing', color: '#ff0000' }] })]);
    renderPage();
    await waitFor(() => expect(cardIds('open')).toEqual([1]));
    expect(screen.getAllByTestId('kanban-lane-title').map((t) => t.textContent)).toEqual(['Open', 'Doing']);
    expect(cardIds(5)).toEqual([2]);
    expect(within(laneEl(5)).getByTestId('kanban-lane-count').textContent).toBe('1');
    const first = card(1);
    expect(within(first).getByTestId('kanban-card-number').textContent).toBe('#1');
    expect(within(first).getByTestId('kanban-card-name').textContent).toBe('Contact 1');
    expect(within(first).getByTestId('kanban-card-contact-number').textContent).toBe('551190000001');
    expect(within(first).getByTestId('kanban-card-last').textContent).toBe('Last message 1');
    await userEvent.click(within(first).getByTestId('kanban-card-see'));
    expect(screen.getByTestId('location').textContent).toBe('/tickets/uuid-1');
  });

  it('a card dragged to a lane loses its tag, then gets the lane’s: two requests, two toasts', async () => {
    const { calls } = serve([lane(5, 'Doing'), lane(6, 'Waiting')], [ticket(1, { tags: [{ id: 5, name: 'Doing', color: '#000000' }] })], (call) =>
      call.method === 'PUT' ? { body: { tags: [{ id: 6, name: 'Waiting', color: '#000000' }] } } : { body: { tags: [] } },
    );
    renderPage();
    await waitFor(() => expect(cardIds(5)).toEqual([1]));
    drag(1, 6);
    expect(cardIds(6)).toEqual([1]);
    expect(await screen.findByText('Kanban tag added.')).toBeTruthy();
    expect(screen.getByText('Kanban tag removed.')).toBeTruthy();
    expect(writes(calls)).toEqual(['DELETE /ticket-tags/1', 'PUT /ticket-tags/1/6']);
    // The channel's word on the first step, arriving late, does not send the card back.
    feed('tag', { action: 'ticket', ticketId: 1, tagIds: [] });
    expect(cardIds(6)).toEqual([1]);
    feed('tag', { action: 'ticket', ticketId: 1, tagIds: [6] });
    expect(cardIds(6)).toEqual([1]);

    // To the open lane: only the removal. A drop on its own lane does nothing.
    drag(1, 'open');
    await waitFor(() => expect(writes(calls)).toEqual(['DELETE /ticket-tags/1', 'PUT /ticket-tags/1/6', 'DELETE /ticket-tags/1']));
    drag(1, 'open');
    expect(writes(calls)).toHaveLength(3);
  });

  it('moves a card from its menu too, and puts it back when the server refuses', async () => {
    const { calls } = serve([lane(5, 'Doing')], [ticket(1)], () => ({ status: 404, body: { error: 'ERR_TAG_NOT_FOUND' } }));
    renderPage();
    await waitFor(() => expect(cardIds('open')).toEqual([1]));
    await userEvent.click(within(card(1)).getByTestId('kanban-card-move'));
    await userEvent.click(await screen.findByText('Doing', { selector: '.bp6-menu-item *' }));
    await waitFor(() => expect(writes(calls)).toEqual(['PUT /ticket-tags/1/5']));
    // Read again from the server: back in the open lane.
    await waitFor(() => expect(cardIds('open')).toEqual([1]));
    expect(calls.filter((c) => c.url === '/ticket/kanban')).toHaveLength(2);
  });

  it('follows the realtime feed: new tickets, tags put on elsewhere, closed tickets and new lanes', async () => {
    serve([lane(5, 'Doing')], [ticket(1)]);
    renderPage();
    await waitFor(() => expect(cardIds('open')).toEqual([1]));
    feed('ticket', { action: 'update', ticket: ticket(2, { status: 'pending', updatedAt: '2099-01-01T00:00:00.000Z' }) });
    expect(cardIds('open')).toEqual([2, 1]);
    feed('tag', { action: 'ticket', ticketId: 2, tagIds: [5] });
    expect(cardIds(5)).toEqual([2]);
    feed('tag', { action: 'create', tag: lane(7, 'Archive') });
    expect(screen.getAllByTestId('kanban-lane-title').map((t) => t.textContent)).toEqual(['Open', 'Archive', 'Doing']);
    feed('ticket', { action: 'update', ticket: ticket(1, { status: 'closed' }) });
    expect(cardIds('open')).toEqual([]);
    feed('tag', { action: 'delete', tagId: 5 });
    expect(cardIds('open')).toEqual([2]);
  });
});
