import { describe, expect, it } from 'vitest';
import { CONTACT_STREAM_EVENT_TYPES } from '@atendo/contracts';
import { contactStreamDecider } from '../conversation/decider.js';
import { composeFamilies, type RuleFamily } from './ruleFamily.js';

type Cmd = { type: 'Add'; n: number } | { type: 'Reset' };
type Ev = { type: 'Added'; data: { n: number } } | { type: 'Cleared'; data: Record<string, never> };
interface S {
  total: number;
}
const adding: RuleFamily<Cmd, Ev, S> = {
  name: 'adding',
  decide: { Add: (c) => [{ type: 'Added', data: { n: c.n } }] },
  evolve: {
    Added(next, e, state) {
      next.total = state.total + e.data.n;
    },
  },
};
const clearing: RuleFamily<Cmd, Ev, S> = {
  name: 'clearing',
  decide: { Reset: (_c, s) => (s.total === 0 ? [] : [{ type: 'Cleared', data: {} }]) },
  evolve: {
    Cleared(next) {
      next.total = 0;
    },
  },
};

describe('rule families', () => {
  const decider = composeFamilies([adding, clearing], { initialState: () => ({ total: 0 }) });

  it('decide and evolve dispatch to the family that handles the type, without changing the state they were given', () => {
    const start = decider.initialState();
    const events = decider.decide({ type: 'Add', n: 3 }, start);
    const after = events.reduce(decider.evolve, start);
    expect(after).toEqual({ total: 3 });
    expect(start).toEqual({ total: 0 });
    expect(decider.decide({ type: 'Reset' }, after)).toEqual([{ type: 'Cleared', data: {} }]);
    // An event no family folds (a newer writer's) leaves the state as it is.
    expect(decider.evolve(after, { type: 'Renamed', data: {} } as never)).toBe(after);
    expect(() => decider.decide({ type: 'Multiply' } as never, after)).toThrow(/No rule family decides Multiply/);
  });

  it('refuses two families that handle one command or one event', () => {
    expect(() => composeFamilies([adding, { ...clearing, decide: { Add: () => [] } }], { initialState: () => ({ total: 0 }) })).toThrow(/adding and clearing both decide Add/);
    expect(() => composeFamilies([adding, { ...clearing, evolve: { Added() {} } }], { initialState: () => ({ total: 0 }) })).toThrow(/adding and clearing both fold Added/);
  });

  it("the customer's stream folds every event type of its contracts, and no other", () => {
    expect([...contactStreamDecider.eventTypes].sort()).toEqual([...CONTACT_STREAM_EVENT_TYPES].sort());
    expect(contactStreamDecider.commandTypes).toEqual(expect.arrayContaining(['ReceiveMessage', 'AcceptTicket', 'QueueMessage', 'RecordAck']));
  });
});
