import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import ticket from './index.js';

describe('ticket block', () => {
  it('hands the ticket over to its queue (the flow ends there)', () => {
    const run = runBlockForTest(ticket, { data: { queue: { id: 3, name: 'Suporte' } } });
    expect(run.next).toEqual({ type: 'handOver', queueId: 3, userId: null });
    expect(ticket.outputs).toEqual([]);
  });
  it('needs a queue', () => {
    expect(blockDataErrors(ticket, {}).map((e) => e.field)).toEqual(['queue']);
    expect(blockDataErrors(ticket, { queue: { name: 'Suporte' } }).map((e) => e.field)).toEqual(['queue.id']);
    expect(blockDataErrors(ticket, { queue: { id: 3, name: 'Suporte' } })).toEqual([]);
  });
});
