import { describe, expect, it } from 'vitest';
import { canSee, type Viewer } from '@atendo/contracts';
import { canSeeTicket } from './queries.js';

/** Issue 11's visibility: her queues' tickets, her own, and pending ones without a queue when allTicket is on. */
describe('who sees a ticket', () => {
  const agent: Viewer = { userId: 7, companyId: 1, profile: 'user', super: false, queueIds: [2] };
  const withAll: Viewer = { ...agent, allTicket: true };
  const admin: Viewer = { ...agent, userId: 1, profile: 'admin', queueIds: [] };
  const ticket = (queueId: number | null, status: 'pending' | 'open' | 'closed', userId: number | null = null) => ({ companyId: 1, queueId, status, userId });

  it('an agent: her queues and her own; a pending ticket with no queue only with allTicket', () => {
    expect(canSeeTicket(agent, ticket(2, 'pending'))).toBe(true);
    expect(canSeeTicket(agent, ticket(3, 'pending'))).toBe(false);
    expect(canSeeTicket(agent, ticket(3, 'open', 7))).toBe(true);
    expect(canSeeTicket(agent, ticket(null, 'pending'))).toBe(false);
    expect(canSeeTicket(withAll, ticket(null, 'pending'))).toBe(true);
    // Someone else's conversation without a queue is theirs alone.
    expect(canSeeTicket(withAll, ticket(null, 'open', 8))).toBe(false);
  });
  it('an admin sees every ticket of her company, and nobody sees another company’s', () => {
    expect(canSeeTicket(admin, ticket(3, 'open', 8))).toBe(true);
    expect(canSeeTicket(admin, { ...ticket(2, 'pending'), companyId: 2 })).toBe(false);
  });
  it('the live feed follows the same rule', () => {
    expect(canSee(agent, { kind: 'ticket', queueId: null, userIds: [], pending: true })).toBe(false);
    expect(canSee(withAll, { kind: 'ticket', queueId: null, userIds: [], pending: true })).toBe(true);
    expect(canSee(withAll, { kind: 'ticket', queueId: null, userIds: [8] })).toBe(false);
    expect(canSee(agent, { kind: 'ticket', queueId: 2, userIds: [] })).toBe(true);
    expect(canSee(agent, { kind: 'ticket', queueId: null, userIds: [7] })).toBe(true);
  });
});
