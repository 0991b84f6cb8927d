import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createKnex } from '../../db/knex.js';
import { migrateLatest } from '../../db/migrations.js';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { event, eventStoreContract } from '../contract.js';
import { parseStreamId, streamId } from '../streams.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgresEventStore.js';

/** A database of its own with the event store's tables. */
async function migratedDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  const knex = createKnex(db.url);
  await migrateLatest(knex, eventStoreMigrations);
  await knex.destroy();
  return db;
}

eventStoreContract('postgres', async () => {
  const db = await migratedDatabase();
  const store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 50 });
  const slowClients: pg.Client[] = [];
  return {
    store,
    async beginSlowAppend(streamId, events) {
      const client = new pg.Client({ connectionString: db.url });
      slowClients.push(client);
      await client.connect();
      await client.query('BEGIN');
      const payload = events.map((e) => ({ id: crypto.randomUUID(), type: e.type, v: 1, data: e.data, meta: e.metadata }));
      await client.query('SELECT * FROM atendo_append_batch($1)', [
        JSON.stringify([{ stream: streamId, company: parseStreamId(streamId).companyId, expected: -2, events: payload }]),
      ]);
      return {
        async commit() {
          await client.query('COMMIT');
          await client.end();
        },
      };
    },
    async teardown() {
      await store.close();
      for (const c of slowClients) await c.end().catch(() => undefined);
      await db.drop();
    },
  };
});

/** A migrated database of its own and a store on it, for a test; the returned function cleans both up. */
async function freshStore(options: Partial<PostgresEventStoreOptions> = {}): Promise<{ store: PostgresEventStore; dispose(): Promise<void> }> {
  const db = await migratedDatabase();
  const store = new PostgresEventStore({ connectionString: db.url, ...options });
  return {
    store,
    async dispose() {
      await store.close();
      await db.drop();
    },
  };
}

describe('PostgreSQL group commit under a poisoned append', () => {
  it('fails only the append PostgreSQL refuses; the 15 grouped with it land', async () => {
    // One call at a time, so the 16 appends below travel together in one batch.
    const { store, dispose } = await freshStore({ maxConcurrentAppends: 1 });
    try {
      await store.append(streamId('warmup', 5, 1), [event(5)]);
      const results = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) =>
          // A schema version beyond PostgreSQL's int: valid JSON, refused inside the batch function.
          store.append(streamId('contact', 5, i), [{ ...event(5, 'MessageReceived', { i }), schemaVersion: i === 3 ? 2 ** 40 : 1 }]),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
      expect(results[3]!.status).toBe('rejected');
      // Read per stream: the log's global order waits for other test files' open transactions.
      const landed = await Promise.all(Array.from({ length: 16 }, async (_, i) => (await store.readStream(streamId('contact', 5, i))).length));
      expect(landed).toEqual(Array.from({ length: 16 }, (_, i) => (i === 3 ? 0 : 1)));
    } finally {
      await dispose();
    }
  });
});

describe('PostgreSQL readAll for a rebuild', () => {
  it('with placementOnly, hands out the same events with only the company and the time in their metadata', async () => {
    const { store, dispose } = await freshStore();
    try {
      await store.append(streamId('contact', 7, 1), [event(7, 'MessageReceived', { body: 'oi' }), event(7, 'TicketRead', { ticketId: 1 })]);
      // The log's global order waits for other test files' open transactions: wait until both are handed out.
      const full = await vi.waitFor(async () => {
        const events = await store.readAll({ companyId: 7 });
        expect(events).toHaveLength(2);
        return events;
      }, { timeout: 10_000 });
      const placed = await store.readAll({ companyId: 7, placementOnly: true });
      expect(placed).toEqual(full.map((e) => ({ ...e, metadata: { companyId: 7, occurredAt: e.metadata.occurredAt } })));
      expect(full[0]!.metadata.correlationId).toBeTruthy();
      expect(placed[0]!.recordedAt).toBeInstanceOf(Date);
    } finally {
      await dispose();
    }
  });
});

describe('PostgreSQL recorded times', () => {
  it('hands out when each event was recorded, to the millisecond it fell in', async () => {
    const db = await migratedDatabase();
    const store = new PostgresEventStore({ connectionString: db.url });
    const client = new pg.Client({ connectionString: db.url });
    try {
      await client.connect();
      const s = streamId('contact', 8, 1);
      await store.append(s, [event(8, 'A'), event(8, 'B'), event(8, 'C'), event(8, 'D')]);
      // A whole millisecond, the last microsecond of one, the first of one, and one before 1970.
      const times = ['2026-11-28 10:00:00.123+00', '2026-11-28 10:00:00.123999+00', '2031-01-01 00:00:00.000001+00', '1969-12-31 23:59:59.9995+00'];
      for (const [i, at] of times.entries()) await client.query('UPDATE events SET recorded_at = $1 WHERE stream_id = $2 AND stream_position = $3', [at, s, i]);
      const expected = ['2026-11-28T10:00:00.123Z', '2026-11-28T10:00:00.123Z', '2031-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z'];
      expect((await store.readStream(s)).map((e) => e.recordedAt.toISOString())).toEqual(expected);
      const all = await vi.waitFor(async () => {
        const events = await store.readAll({ companyId: 8, placementOnly: true });
        expect(events).toHaveLength(4);
        return events;
      }, { timeout: 10_000 });
      expect(all.map((e) => e.recordedAt.toISOString())).toEqual(expected);
    } finally {
      await client.end();
      await store.close();
      await db.drop();
    }
  });
});

describe('PostgreSQL log reads as prepared statements', () => {
  it('keeps reading when a migration changes the events table under the statements a connection prepared', async () => {
    const db = await migratedDatabase();
    const knex = createKnex(db.url);
    const store = new PostgresEventStore({ connectionString: db.url, poolSize: 1 });
    try {
      const s = streamId('prepared', 1, 'a');
      await store.append(s, [event(1, 'First')]);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['First']);
      // The log shows a transaction once every older one has ended, on a server other tests share too.
      const log = async (types: string[]) => vi.waitFor(async () => expect((await store.readAll()).map((e) => e.type)).toEqual(types), { timeout: 10_000, interval: 20 });
      await log(['First']);
      // A column the reads return changes type: PostgreSQL refuses the prepared plans ("cached plan must not change
      // result type"); the store prepares them again.
      await knex.raw('ALTER TABLE events ALTER COLUMN schema_version TYPE bigint');
      await store.append(s, [event(1, 'Second')]);
      expect((await store.readStream(s)).map((e) => [e.type, e.schemaVersion])).toEqual([['First', 1], ['Second', 1]]);
      await log(['First', 'Second']);
    } finally {
      await store.close();
      await knex.destroy();
      await db.drop();
    }
  });
});

describe('PostgreSQL subscriptions across processes', () => {
  it('wake at another process’s append (its NOTIFY), long before their poll interval', async () => {
    const db = await migratedDatabase();
    // Two stores on one database stand for two processes; polling alone would take a minute.
    const writer = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 60_000 });
    const reader = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 60_000 });
    const seen: string[] = [];
    const subscription = reader.subscribe({}, async (batch) => void seen.push(...batch.map((e) => e.type)));
    try {
      await new Promise((r) => setTimeout(r, 300)); // its LISTEN is in place
      await writer.append(streamId('wake', 1, 'a'), [event(1, 'FromElsewhere')]);
      await vi.waitFor(() => expect(seen).toEqual(['FromElsewhere']), { timeout: 10_000, interval: 20 });
    } finally {
      await subscription.stop();
      await writer.close();
      await reader.close();
      await db.drop();
    }
  });

  it('a woken subscriber keeps looking while an older writing transaction holds the log back, not for its whole poll interval', async () => {
    const db = await migratedDatabase();
    const writer = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 60_000 });
    const reader = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 60_000 });
    // Another piece of work on the server that has written and stays open for a while (its own database would do
    // as well: the horizon is the server's).
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    const seen: string[] = [];
    const subscription = reader.subscribe({}, async (batch) => void seen.push(...batch.map((e) => e.type)));
    try {
      await new Promise((r) => setTimeout(r, 300));
      await holder.query('BEGIN');
      await holder.query('SELECT txid_current()');
      await writer.append(streamId('wake', 1, 'held'), [event(1, 'BehindAnOlderTransaction')]);
      // The wake finds nothing while the holder is open; it commits after 700 ms.
      await new Promise((r) => setTimeout(r, 700));
      expect(seen).toEqual([]);
      await holder.query('COMMIT');
      await vi.waitFor(() => expect(seen).toEqual(['BehindAnOlderTransaction']), { timeout: 5_000, interval: 20 });
    } finally {
      await subscription.stop();
      await holder.end();
      await writer.close();
      await reader.close();
      await db.drop();
    }
  });
});
