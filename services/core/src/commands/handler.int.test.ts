import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, migrateLatest, DomainError, eventStoreMigrations, PostgresEventStore, type EventStore, streamId } from '@atendo/platform';
import { event, createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import type { Decider, DomainEvent } from './decider.js';
import { handleCommand, StateCache } from './handler.js';

// A tiny seat-booking model: enough to show load, decide, append and retry against a real store.
type Booked = DomainEvent<'SeatBooked', { by: string }>;
type Book = { by: string; seats: number };
const seats: Decider<Book, Booked, { taken: number }> = {
  initialState: () => ({ taken: 0 }),
  evolve: (s) => ({ taken: s.taken + 1 }),
  decide: (c, s) => {
    if (s.taken >= c.seats) throw new DomainError('ERR_NO_PERMISSION', 'sold out');
    return [{ type: 'SeatBooked', data: { by: c.by } }];
  },
};

describe('handleCommand', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    const knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations);
    await knex.destroy();
    store = new PostgresEventStore({ connectionString: db.url });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('writes the decided events with the metadata of the context', async () => {
    const s = streamId('show', 1, 'a');
    const result = await handleCommand(store, seats, s, { by: 'ana', seats: 2 }, {
      actor: { type: 'user', userId: 9 },
      correlationId: 'corr-1',
    });
    expect(result.revision).toBe(0);
    expect(result.state).toEqual({ taken: 1 });
    const [stored] = await store.readStream(s);
    expect(stored!.id).toBe(result.events[0]!.id);
    expect(stored!.metadata).toMatchObject({ companyId: 1, actor: { type: 'user', userId: 9 }, correlationId: 'corr-1', causationId: 'corr-1' });
  });

  it('decides again after losing a race, so a rule holds under concurrency', async () => {
    const s = streamId('show', 1, 'b');
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        handleCommand(store, seats, s, { by: `p${i}`, seats: 3 }, { actor: { type: 'system' } }, { maxRetries: 10 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as DomainError).message).toBe('sold out');
    }
    expect(await store.readStream(s)).toHaveLength(3);
  });

  it('gives up with ERR_CONCURRENCY_CONFLICT when the stream keeps changing', async () => {
    const s = streamId('show', 1, 'c');
    const racing = Array.from({ length: 8 }, (_, i) =>
      handleCommand(store, seats, s, { by: `r${i}`, seats: 100 }, { actor: { type: 'system' } }, { maxRetries: 0 }),
    );
    const outcomes = await Promise.allSettled(racing);
    const failures = outcomes.filter((o) => o.status === 'rejected');
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) expect((f as PromiseRejectedResult).reason.code).toBe('ERR_CONCURRENCY_CONFLICT');
  });

  it('treats a repeated outside fact (same event id) as done', async () => {
    const s = streamId('show', 1, 'd');
    const once: Decider<Book, Booked, { taken: number }> = {
      ...seats,
      decide: (c) => [{ type: 'SeatBooked', data: { by: c.by }, id: '6f1c0c3e-8d7a-4b59-9a57-3f9a1c3e0001' }],
    };
    await handleCommand(store, once, s, { by: 'x', seats: 9 }, { actor: { type: 'system' } });
    const again = await handleCommand(store, once, s, { by: 'x', seats: 9 }, { actor: { type: 'system' } });
    expect(again.events).toEqual([]);
    expect(await store.readStream(s)).toHaveLength(1);
  });

  it('with a state cache, reads only new events and still sees other writers', async () => {
    const s = streamId('show', 1, 'e');
    const cache = new StateCache<unknown>();
    await handleCommand(store, seats, s, { by: 'a', seats: 3 }, { actor: { type: 'system' } }, { cache });
    // Another process (no cache) books a seat behind this cache's back.
    await handleCommand(store, seats, s, { by: 'b', seats: 3 }, { actor: { type: 'system' } });
    const third = await handleCommand(store, seats, s, { by: 'c', seats: 3 }, { actor: { type: 'system' } }, { cache });
    expect(third.state).toEqual({ taken: 3 });
    await expect(handleCommand(store, seats, s, { by: 'd', seats: 3 }, { actor: { type: 'system' } }, { cache })).rejects.toThrow('sold out');
    // A stale entry (another writer appended after it was cached) costs a retry, never a wrong decision.
    cache.set(s, { taken: 1 }, 0);
    await expect(handleCommand(store, seats, s, { by: 'e', seats: 3 }, { actor: { type: 'system' } }, { cache })).rejects.toThrow('sold out');
  });
  it('with a state cache, decides without reading the stream, and a stale entry never decides wrong', async () => {
    const s = streamId('show', 1, 'f');
    const cache = new StateCache<unknown>();
    let reads = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      readStream: (...args: Parameters<EventStore['readStream']>) => {
        reads++;
        return store.readStream(...args);
      },
    });
    const book = (by: string, options = { cache }) => handleCommand(counting, seats, s, { by, seats: 3 }, { actor: { type: 'system' } }, options);
    await book('a');
    expect(reads).toBe(1);
    // The state it folded is the stream's: the next command trusts it, and its append proves it current.
    const second = await book('b');
    expect(reads).toBe(1);
    expect(second).toMatchObject({ state: { taken: 2 }, revision: 1 });
    expect(await store.readStream(s)).toHaveLength(2);

    // Another writer books the last seat behind the cache's back: the cached state says there is one left, the append
    // fails on its revision, and the fresh read refuses.
    await handleCommand(store, seats, s, { by: 'c', seats: 3 }, { actor: { type: 'system' } });
    await expect(book('d')).rejects.toThrow('sold out');
    expect(reads).toBe(2);
    expect(await store.readStream(s)).toHaveLength(3);

    // A refusal on a cached state may be its staleness: decided again on a fresh read, which here has room again.
    const freeing: Decider<Book, Booked, { taken: number }> = { ...seats, evolve: (st, e) => ({ taken: st.taken + ((e.type as string) === 'SeatFreed' ? -1 : 1) }) };
    const full = streamId('show', 1, 'g');
    for (const by of ['x', 'y', 'z']) await handleCommand(counting, freeing, full, { by, seats: 3 }, { actor: { type: 'system' } }, { cache });
    await store.append(full, [event(1, 'SeatFreed')]);
    const before = reads;
    const booked = await handleCommand(counting, freeing, full, { by: 'w', seats: 3 }, { actor: { type: 'system' } }, { cache });
    expect(booked).toMatchObject({ state: { taken: 3 }, revision: 4 });
    expect(reads).toBe(before + 1);
  });
  it('decides a stream it expects to be new without reading it, and one that exists after all on what it holds', async () => {
    let reads = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      readStream: (...args: Parameters<EventStore['readStream']>) => {
        reads++;
        return store.readStream(...args);
      },
    });
    const fresh = streamId('show', 1, 'h');
    const first = await handleCommand(counting, seats, fresh, { by: 'a', seats: 1 }, { actor: { type: 'system' } }, { expectNew: true });
    expect(reads).toBe(0);
    expect(first).toMatchObject({ state: { taken: 1 }, revision: 0 });
    // Not new after all (a repeat after a crash, say): the append expecting no stream fails, the stream is read, and the
    // decision is made on what it holds: the only seat is taken.
    await expect(handleCommand(counting, seats, fresh, { by: 'b', seats: 1 }, { actor: { type: 'system' } }, { expectNew: true })).rejects.toThrow('sold out');
    expect(reads).toBe(1);
    expect(await store.readStream(fresh)).toHaveLength(1);
  });
});
