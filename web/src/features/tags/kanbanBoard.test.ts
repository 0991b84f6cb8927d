import type { Tag, Ticket } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { admin, me, ticket as aTicket } from '../../test/fixtures';
import { applyTagFeed, applyTicketFeed, board, cardsOf, laneOf, moveCard, OPEN_LANE } from './kanbanBoard';

const lane = (id: number, name: string): Tag => ({ id, name, color: '#00aa00', kanban: 1, userId: 1, ticketsCount: 0 });
const ticket = (id: number, change: Partial<Ticket> = {}) => aTicket(id, { status: 'open', queueId: 1, userId: 42, user: null, updatedAt: `2026-01-0${id}T00:00:00.000Z`, ...change });
const ids = (list: Ticket[]) => list.map((t) => t.id);

describe('the kanban board', () => {
  const lanes = [lane(20, 'Waiting'), lane(10, 'Doing')];
  const start = board(lanes, [ticket(1), ticket(2, { tags: [{ id: 10, name: 'Doing', color: '#00aa00' }] }), ticket(3, { tags: [{ id: 99, name: 'Not a lane', color: '#000000' }] })]);

  it('puts tickets without a lane tag in the open lane, the others in their lane; lanes by name, cards newest first', () => {
    expect(start.lanes.map((l) => l.name)).toEqual(['Doing', 'Waiting']);
    expect(ids(cardsOf(start, OPEN_LANE))).toEqual([3, 1]);
    expect(ids(cardsOf(start, 10))).toEqual([2]);
    expect(cardsOf(start, 20)).toEqual([]);
  });

  it('moves a card at once, and follows the tag channel', () => {
    expect(laneOf(moveCard(start, 1, 20), 1)).toBe(20);
    expect(laneOf(moveCard(start, 2, OPEN_LANE), 2)).toBe(OPEN_LANE);
    expect(laneOf(applyTagFeed(start, { action: 'ticket', ticketId: 1, tagIds: [20] }), 1)).toBe(20);
    // A lane deleted, or no longer a lane: its cards go back to the open lane.
    expect(ids(cardsOf(applyTagFeed(start, { action: 'delete', tagId: 10 }), OPEN_LANE))).toEqual([3, 2, 1]);
    const unlaned = applyTagFeed(start, { action: 'update', tag: { ...lanes[1]!, kanban: 0 } });
    expect(unlaned.lanes.map((l) => l.id)).toEqual([20]);
    expect(laneOf(unlaned, 2)).toBe(OPEN_LANE);
    expect(applyTagFeed(start, { action: 'create', tag: lane(30, 'Archive') }).lanes.map((l) => l.name)).toEqual(['Archive', 'Doing', 'Waiting']);
  });

  it('keeps open and pending tickets the user sees, with their tags; drops closed, deleted and lost ones', () => {
    const updated = applyTicketFeed(start, { action: 'update', ticket: ticket(2, { lastMessage: 'new', updatedAt: '2026-02-01T00:00:00.000Z', tags: [] }) }, admin);
    expect(ids(cardsOf(updated, 10))).toEqual([2]);
    expect(updated.tickets[0]!.lastMessage).toBe('new');
    const arrived = applyTicketFeed(start, { action: 'update', ticket: ticket(8, { status: 'pending' }) }, admin);
    expect(ids(cardsOf(arrived, OPEN_LANE))).toEqual([8, 3, 1]);
    expect(ids(applyTicketFeed(start, { action: 'update', ticket: ticket(1, { status: 'closed' }) }, admin).tickets)).toEqual([3, 2]);
    expect(ids(applyTicketFeed(start, { action: 'delete', ticketId: 3 }, admin).tickets)).toEqual([2, 1]);
    // `me` works in queue 1 only: a ticket moved to queue 2 leaves her board.
    expect(ids(applyTicketFeed(start, { action: 'update', ticket: ticket(1, { queueId: 2 }) }, me).tickets)).toEqual([3, 2]);
    expect(ids(applyTicketFeed(start, { action: 'update', ticket: ticket(1, { queueId: 2, userId: me.id }) }, me).tickets)).toEqual([3, 2, 1]);
  });
});
