import { describe, expect, it } from 'vitest';
import type { Position } from '@atendo/contracts';
import { OutboxLanes } from './outboxLanes.js';

const at = (n: number): Position => ({ commit: n, prepare: n });

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, work: () => opened };
}

describe('OutboxLanes', () => {
  it('runs each connection in order and the connections side by side; the checkpoint never passes an unfinished task', async () => {
    const lanes = new OutboxLanes(at(0));
    const done: string[] = [];
    const slow = gate();
    lanes.add(1, 'e1', at(1), at(0), async () => {
      await slow.work();
      done.push('e1');
    });
    lanes.add(1, 'e2', at(2), at(1), async () => void done.push('e2'));
    lanes.add(2, 'e3', at(3), at(2), async () => void done.push('e3'));
    lanes.passed(at(4));
    await new Promise((r) => setTimeout(r, 10));
    // Connection 2 went on while connection 1 waits; connection 1's second task waits for its first.
    expect(done).toEqual(['e3']);
    expect(lanes.safe()).toEqual(at(0));
    slow.open();
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toEqual(['e3', 'e1', 'e2']);
    expect(lanes.safe()).toEqual(at(4));
  });

  it('keeps a task that threw for the next start: the checkpoint stays before it', async () => {
    const lanes = new OutboxLanes(at(0));
    lanes.add(1, 'e1', at(1), at(0), async () => undefined);
    lanes.add(1, 'e2', at(2), at(1), async () => {
      throw new Error('stopping');
    });
    lanes.add(1, 'e3', at(3), at(2), async () => undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(lanes.safe()).toEqual(at(1));
    await lanes.stop();
  });
});
