import { describe, expect, it } from 'vitest';
import { comparePositions, START, type Position, type RecordedEvent } from '@atendo/contracts';
import { LogTail } from './logTail.js';

/** A log of `n` events, one transaction each. */
function log(n: number): RecordedEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `e${i + 1}`, type: 'Happened', schemaVersion: 1, data: { i: i + 1 }, metadata: { companyId: 1 } as RecordedEvent['metadata'],
    streamId: 'thing-1.a', streamPosition: i, position: { commit: i + 1, prepare: i + 1 }, recordedAt: new Date(0),
  }));
}

/** A database that has made `visible` of the log's events final, counting the reads it is asked. */
function database(events: RecordedEvent[]) {
  const db = {
    visible: events.length,
    reads: [] as Position[],
    gate: undefined as Promise<void> | undefined,
    read: async (after: Position, maxCount: number) => {
      db.reads.push(after);
      await db.gate;
      return events.slice(0, db.visible).filter((e) => comparePositions(e.position, after) > 0).slice(0, maxCount);
    },
  };
  return db;
}

const ids = (events: RecordedEvent[]) => events.map((e) => e.id);
const at = (n: number): Position => ({ commit: n, prepare: n });

describe('LogTail', () => {
  it('reads a stretch of the log once and gives it to every reader behind its end from memory', async () => {
    const db = database(log(10));
    const tail = new LogTail(db.read);
    expect(ids(await tail.readAfter(START, 4))).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(ids(await tail.readAfter(START, 100))).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(ids(await tail.readAfter(at(2), 1))).toEqual(['e3']);
    expect(db.reads).toHaveLength(1);
    // At its end: the database, and what it answers continues the stretch.
    expect(ids(await tail.readAfter(at(4), 100))).toEqual(['e5', 'e6', 'e7', 'e8', 'e9', 'e10']);
    expect(ids(await tail.readAfter(at(3), 3))).toEqual(['e4', 'e5', 'e6']);
    expect(db.reads).toHaveLength(2);
    // Every reader holds the same objects: under tests they are frozen, so a reader that changes one fails at once.
    const [shared] = await tail.readAfter(START, 1);
    expect(Object.isFrozen(shared!.data)).toBe(true);
    expect(() => ((shared!.data as { i: number }).i = 0)).toThrow(TypeError);
  });

  it('answers readers at the end at the same time with one read', async () => {
    const db = database(log(5));
    let open!: () => void;
    db.gate = new Promise((r) => (open = r));
    const tail = new LogTail(db.read);
    const both = Promise.all([tail.readAfter(START, 10), tail.readAfter(START, 2)]);
    open();
    const [a, b] = await both;
    expect(ids(a)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(ids(b)).toEqual(['e1', 'e2']);
    expect(db.reads).toHaveLength(1);
  });

  it('reads at the end again when nothing was final yet, and finds what came since', async () => {
    const db = database(log(3));
    db.visible = 0;
    const tail = new LogTail(db.read);
    expect(await tail.readAfter(START, 10)).toEqual([]);
    db.visible = 3;
    expect(ids(await tail.readAfter(START, 10))).toEqual(['e1', 'e2', 'e3']);
    expect(db.reads).toHaveLength(2);
  });

  it('leaves a reader far behind to the database, and keeps only the latest events', async () => {
    const db = database(log(30));
    const tail = new LogTail(db.read, 5);
    for (let after = 0; after < 30; after += 3) await tail.readAfter(at(after), 3);
    expect(db.reads).toHaveLength(10);
    // 30 events were read; past twice the capacity the oldest went, down to the latest 5 and then growing again.
    expect(ids(await tail.readAfter(at(25), 10))).toEqual(['e26', 'e27', 'e28', 'e29', 'e30']);
    expect(db.reads).toHaveLength(10);
    expect(ids(await tail.readAfter(at(2), 2))).toEqual(['e3', 'e4']);
    expect(db.reads).toHaveLength(11);
    // That read behind the stretch did not replace it.
    expect(ids(await tail.readAfter(at(27), 10))).toEqual(['e28', 'e29', 'e30']);
    expect(db.reads).toHaveLength(11);
  });

  it('starts a new stretch for a reader ahead of it', async () => {
    const db = database(log(20));
    const tail = new LogTail(db.read);
    await tail.readAfter(START, 2);
    expect(ids(await tail.readAfter(at(10), 3))).toEqual(['e11', 'e12', 'e13']);
    expect(ids(await tail.readAfter(at(11), 3))).toEqual(['e12', 'e13']);
    expect(db.reads).toHaveLength(2);
    // The old stretch is gone: a reader there goes to the database.
    expect(ids(await tail.readAfter(at(1), 1))).toEqual(['e2']);
    expect(db.reads).toHaveLength(3);
  });
});
