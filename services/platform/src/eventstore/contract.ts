import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type NewEvent, type Position, type RecordedEvent } from '@atendo/contracts';
import {
  PartialDuplicateError,
  StreamCompanyMismatchError,
  UnstorableEventError,
  WrongExpectedRevisionError,
  type EventStore,
} from './port.js';
import { streamId } from './streams.js';
import { eventually } from '../testing/wait.js';

export interface EventStoreHarness {
  store: EventStore;
  /**
   * Starts an append that stays uncommitted until `commit` is called, for the late-commit test. Adapters whose
   * engine serialises commits in log order (EventStoreDB) have no such thing and leave it out.
   */
  beginSlowAppend?(streamId: string, events: NewEvent[]): Promise<{ commit(): Promise<void> }>;
  teardown(): Promise<void>;
}

let companySeed = 1000 + Math.floor(Math.random() * 1_000_000);
/** Each test works in its own company so tests never see each other's events. */
function newCompany(): number {
  return companySeed++;
}

export function event(companyId: number, type = 'SomethingHappened', data: unknown = {}, id?: string): NewEvent {
  return {
    id,
    type,
    data,
    metadata: {
      companyId,
      actor: { type: 'system' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    },
  };
}

function isIncreasing(events: RecordedEvent[]): boolean {
  return events.every((e, i) => i === 0 || comparePositions(events[i - 1]!.position, e.position) < 0);
}

/** The behaviour every event store adapter must have. */
export function eventStoreContract(name: string, createHarness: () => Promise<EventStoreHarness>): void {
  describe(`event store contract: ${name}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    beforeAll(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterAll(async () => harness?.teardown());

    it('appends to a new stream and reads back the full envelope', async () => {
      const c = newCompany();
      const s = streamId('ticket', c, 1);
      const first = event(c, 'TicketOpened', { contact: 'Ana' });
      const result = await store.append(s, [first, event(c, 'MessageReceived', { body: 'oi' })], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextExpectedRevision).toBe(1);
      expect(result.duplicate).toBe(false);
      const read = await store.readStream(s);
      expect(read.map((e) => [e.type, e.streamPosition])).toEqual([
        ['TicketOpened', 0],
        ['MessageReceived', 1],
      ]);
      const [opened] = read;
      expect(opened!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(opened!.schemaVersion).toBe(1);
      expect(opened!.data).toEqual({ contact: 'Ana' });
      expect(opened!.metadata).toEqual(first.metadata);
      expect(opened!.streamId).toBe(s);
      expect(opened!.recordedAt).toBeInstanceOf(Date);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
      expect(isIncreasing(read)).toBe(true);
    });

    it('returns nothing for a stream that does not exist', async () => {
      expect(await store.readStream(streamId('ticket', newCompany(), 'nope'))).toEqual([]);
    });

    it('checks every kind of expected revision', async () => {
      const c = newCompany();
      const s = streamId('ticket', c, 2);
      await expect(store.append(s, [event(c)], { expectedRevision: 'exists' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(s, [event(c)], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.append(s, [event(c)], { expectedRevision: 'no_stream' })).nextExpectedRevision).toBe(0);
      const conflict = await store.append(s, [event(c)], { expectedRevision: 'no_stream' }).catch((e) => e);
      expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
      expect(conflict.actual).toBe(0);
      expect((await store.append(s, [event(c)], { expectedRevision: 'exists' })).nextExpectedRevision).toBe(1);
      expect((await store.append(s, [event(c)], { expectedRevision: 1 })).nextExpectedRevision).toBe(2);
      const stale = await store.append(s, [event(c)], { expectedRevision: 1 }).catch((e) => e);
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale.actual).toBe(2);
      expect((await store.append(s, [event(c), event(c)], { expectedRevision: 'any' })).nextExpectedRevision).toBe(4);
      expect(await store.readStream(s)).toHaveLength(5);
    });

    it('lets exactly one of many concurrent writers with the same expected revision win', async () => {
      const c = newCompany();
      const s = streamId('ticket', c, 3);
      await store.append(s, [event(c)], { expectedRevision: 'no_stream' });
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => store.append(s, [event(c, 'Accepted', { by: i })], { expectedRevision: 0 })),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of attempts) {
        if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('does not write an event id twice: a repeated append is a no-op', async () => {
      const c = newCompany();
      const s = streamId('ticket', c, 4);
      const id1 = randomUUID();
      const id2 = randomUUID();
      const first = await store.append(s, [event(c, 'A', {}, id1), event(c, 'B', {}, id2)], {
        expectedRevision: 'no_stream',
      });
      await store.append(s, [event(c, 'C')]);
      // Redelivered with the expectation the writer had the first time: still a success, nothing written.
      const again = await store.append(s, [event(c, 'A', {}, id1), event(c, 'B', {}, id2)], {
        expectedRevision: 'no_stream',
      });
      expect(again.duplicate).toBe(true);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      await expect(store.append(s, [event(c, 'A', {}, id1), event(c, 'D')])).rejects.toBeInstanceOf(
        PartialDuplicateError,
      );
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('reads a stream backwards and from a revision, with a limit', async () => {
      const c = newCompany();
      const s = streamId('ticket', c, 5);
      await store.append(s, [0, 1, 2, 3, 4].map((n) => event(c, `E${n}`)));
      expect((await store.readStream(s, { direction: 'backwards' })).map((e) => e.type)).toEqual([
        'E4',
        'E3',
        'E2',
        'E1',
        'E0',
      ]);
      expect((await store.readStream(s, { direction: 'backwards', maxCount: 1 })).map((e) => e.type)).toEqual(['E4']);
      expect((await store.readStream(s, { fromRevision: 3 })).map((e) => e.type)).toEqual(['E3', 'E4']);
      expect(
        (await store.readStream(s, { direction: 'backwards', fromRevision: 2, maxCount: 2 })).map((e) => e.type),
      ).toEqual(['E2', 'E1']);
    });

    it('refuses events of another company than the stream’s', async () => {
      const c = newCompany();
      await expect(store.append(streamId('ticket', c, 6), [event(c + 1)])).rejects.toBeInstanceOf(
        StreamCompanyMismatchError,
      );
    });

    it('reads all events in global order after a position, and one company’s alone', async () => {
      const a = newCompany();
      const b = newCompany();
      await store.append(streamId('ticket', a, 1), [event(a, 'A1')]);
      await store.append(streamId('ticket', b, 1), [event(b, 'B1')]);
      await store.append(streamId('contact', a, 1), [event(a, 'A2'), event(a, 'A3')]);
      const mine = await eventually(async () => {
        const got = await store.readAll({ companyId: a });
        expect(got).toHaveLength(3);
        return got;
      });
      expect(mine.map((e) => e.type)).toEqual(['A1', 'A2', 'A3']);
      expect(mine.every((e) => e.metadata.companyId === a)).toBe(true);
      expect(isIncreasing(mine)).toBe(true);
      const afterFirst = await store.readAll({ companyId: a, after: mine[0]!.position });
      expect(afterFirst.map((e) => e.type)).toEqual(['A2', 'A3']);

      const all = await readEverything(store, mine[0]!.position);
      const types = all.map((e) => e.type);
      expect(types.indexOf('B1')).toBeGreaterThan(-1);
      expect(types.indexOf('A2')).toBeGreaterThan(types.indexOf('B1'));
      expect(isIncreasing(all)).toBe(true);
      expect((await store.readAll({ after: mine[0]!.position, maxCount: 2 })).length).toBeLessThanOrEqual(2);
    });

    it('reads only the event types asked for, counting only those against maxCount', async () => {
      const a = newCompany();
      const b = newCompany();
      await store.append(streamId('ticket', a, 1), [event(a, 'Kept'), event(a, 'Skipped'), event(a, 'Skipped'), event(a, 'Kept')]);
      await store.append(streamId('ticket', b, 1), [event(b, 'Skipped'), event(b, 'Kept'), event(b, 'Other')]);
      const mine = await eventually(async () => {
        const got = await store.readAll({ companyId: a, types: ['Kept'] });
        expect(got).toHaveLength(2);
        return got;
      });
      expect(mine.map((e) => e.type)).toEqual(['Kept', 'Kept']);
      // Eventually too: a store may hold back events behind a transaction still running elsewhere (PostgreSQL's does,
      // and other suites write to the same database meanwhile).
      const everyone = await eventually(async () => {
        const got = await store.readAll({ after: mine[0]!.position, types: ['Kept', 'Other'], maxCount: 2 });
        expect(got.map((e) => `${e.metadata.companyId}:${e.type}`)).toEqual([`${a}:Kept`, `${b}:Kept`]);
        return got;
      });
      expect(await store.readAll({ after: everyone[1]!.position, types: ['Skipped'] })).toEqual([]);
    });

    it('catches up from a checkpoint and then follows live appends', async () => {
      const c = newCompany();
      await store.append(streamId('ticket', c, 1), [event(c, 'Old1'), event(c, 'Old2')]);
      const old = await eventually(async () => {
        const got = await store.readAll({ companyId: c });
        expect(got).toHaveLength(2);
        return got;
      });
      const seen: RecordedEvent[] = [];
      const sub = store.subscribe({ companyId: c, after: old[0]!.position, maxCount: 2 }, async (batch) => {
        seen.push(...batch);
      });
      try {
        for (let i = 0; i < 5; i++) await store.append(streamId('ticket', c, 2), [event(c, `Live${i}`)]);
        await eventually(() => expect(seen.map((e) => e.type)).toEqual(['Old2', 'Live0', 'Live1', 'Live2', 'Live3', 'Live4']));
        expect(isIncreasing(seen)).toBe(true);
      } finally {
        await sub.stop();
      }
    });

    it('delivers to a subscriber an event whose transaction commits after a later one', async () => {
      const c = newCompany();
      const seen: RecordedEvent[] = [];
      const sub = store.subscribe({ companyId: c }, async (batch) => {
        seen.push(...batch);
      });
      try {
        // The slow writer starts first but commits last. An engine that commits in log order (EventStoreDB) has no
        // open transaction to hold back; there a large append racing a small one is the closest case.
        const slowEvents = harness.beginSlowAppend ? 1 : 200;
        const slowStream = streamId('ticket', c, 'slow');
        const slowList = Array.from({ length: slowEvents }, () => event(c, 'Slow'));
        let slowDone: Promise<unknown>;
        if (harness.beginSlowAppend) {
          const slow = await harness.beginSlowAppend(slowStream, slowList);
          await store.append(streamId('ticket', c, 'fast'), [event(c, 'Fast')]);
          await new Promise((r) => setTimeout(r, 300));
          slowDone = slow.commit();
        } else {
          slowDone = store.append(slowStream, slowList);
          await store.append(streamId('ticket', c, 'fast'), [event(c, 'Fast')]);
        }
        await slowDone;
        await eventually(() => expect(seen).toHaveLength(slowEvents + 1));
        expect(seen.filter((e) => e.type === 'Fast')).toHaveLength(1);
        expect(isIncreasing(seen)).toBe(true);
        // A subscriber that checkpointed after the first event it saw resumes with exactly the others.
        const resumed = await store.readAll({ companyId: c, after: seen[0]!.position });
        expect(resumed.map((e) => e.id)).toEqual(seen.slice(1).map((e) => e.id));
      } finally {
        await sub.stop();
      }
    });

    it('refuses text it cannot store in that append alone, while concurrent appends land', async () => {
      const c = newCompany();
      const results = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) =>
          store.append(streamId('contact', c, i), [event(c, 'MessageReceived', { body: i === 7 ? 'bad \u0000 text' : `hello ${i}` })]),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
      expect((results[7] as PromiseRejectedResult).reason).toBeInstanceOf(UnstorableEventError);
      expect(await store.readStream(streamId('contact', c, 7))).toEqual([]);
      // A broken surrogate is refused too; a well-formed emoji and a written-out backslash-u are kept.
      await expect(store.append(streamId('contact', c, 'x'), [event(c, 'E', { body: 'half \ud83d' })])).rejects.toBeInstanceOf(UnstorableEventError);
      await store.append(streamId('contact', c, 'y'), [event(c, 'E', { body: 'ok 😀 and \\u0000 written out' })]);
      expect((await store.readStream(streamId('contact', c, 'y')))[0]!.data).toEqual({ body: 'ok 😀 and \\u0000 written out' });
    });

    it('never skips or repeats events while many writers append concurrently', async () => {
      const c = newCompany();
      const seen: RecordedEvent[] = [];
      const sub = store.subscribe({ companyId: c, maxCount: 7 }, async (batch) => {
        seen.push(...batch);
      });
      try {
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            for (let i = 0; i < 25; i++) {
              await store.append(streamId('ticket', c, w), [event(c, 'E', { w, i }), event(c, 'E', { w, i, second: true })]);
            }
          }),
        );
        await eventually(() => expect(seen).toHaveLength(400), 10_000);
        expect(new Set(seen.map((e) => e.id)).size).toBe(400);
        expect(isIncreasing(seen)).toBe(true);
        const stored = await readEverything(store, undefined, c);
        expect(stored.map((e) => e.id)).toEqual(seen.map((e) => e.id));
      } finally {
        await sub.stop();
      }
    });
  });
}

async function readEverything(store: EventStore, after?: Position, companyId?: number): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const batch = await store.readAll({ after: position, companyId, maxCount: 500 });
    all.push(...batch);
    if (batch.length < 500) return all;
    position = batch[batch.length - 1]!.position;
  }
}
