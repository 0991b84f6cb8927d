import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { FeedEntry, NewEvent } from '@atendo/contracts';
import { createKnex, eventStoreMigrations, migrateLatest, PostgresEventStore, streamId, type Migration } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/platform/testing';
import { FeedStore } from '../feed/feedStore.js';
import { runtimeMigrations } from '../migrations.js';
import type { Projection } from './projection.js';
import { Projector, ProjectorGroup, readCheckpoint } from './projector.js';
import { RowCache } from './rowCache.js';

// A conversation summary: counters make a double-applied event visible.
interface Row {
  id: string;
  company_id: number;
  contact: string;
  last_message: string | null;
  messages: number;
  unread: number;
  status: string;
  tags: string[];
}
const migrations: Migration[] = [
  {
    name: '209900000000_test_conversations',
    up: (k) =>
      k.raw(`CREATE TABLE test_conversations (id text PRIMARY KEY, company_id bigint, contact text, last_message text,
             messages int, unread int, status text, tags jsonb)`),
    down: (k) => k.raw('DROP TABLE test_conversations'),
  },
];
const conversations: Projection = {
  name: 'test_conversations',
  tables: ['test_conversations'],
  eventTypes: ['Opened', 'MessageIn', 'Read', 'Closed'],
  async apply(events, { trx, emit }) {
    const rows = new RowCache<Row>(trx, 'test_conversations', 'id');
    await rows.load(events.map((e) => e.streamId));
    for (const e of events) {
      const data = e.data as { contact?: string; body?: string };
      if (e.type === 'Opened') {
        rows.set({ id: e.streamId, company_id: e.metadata.companyId, contact: data.contact!, last_message: null, messages: 0, unread: 0, status: 'pending', tags: [] });
      } else if (e.type === 'MessageIn') {
        rows.update(e.streamId, (r) => ({ messages: r.messages + 1, unread: r.unread + 1, last_message: data.body! }));
      } else if (e.type === 'Read') {
        rows.update(e.streamId, () => ({ unread: 0 }));
      } else {
        rows.update(e.streamId, () => ({ status: 'closed' }));
      }
      const row = rows.get(e.streamId)!;
      emit({ companyId: row.company_id, channel: 'ticket', payload: { action: 'update', ticket: { id: row.id, unread: row.unread } }, audience: { kind: 'company' } });
    }
    await rows.flush();
  },
};

function ev(companyId: number, type: string, data: unknown = {}): NewEvent {
  return {
    type,
    data,
    metadata: { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() },
  };
}

describe('projector runtime', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  const published: FeedEntry[] = [];

  async function writeConversation(company: number, id: string, messages: number) {
    const s = streamId('conversation', company, id);
    await store.append(s, [ev(company, 'Opened', { contact: `contact ${id}` })]);
    for (let i = 0; i < messages; i++) await store.append(s, [ev(company, 'MessageIn', { body: `m${i}` }), ev(company, 'Ignored')]);
    return s;
  }
  const snapshot = async () => knex('test_conversations').orderBy('id');
  const projector = () =>
    new Projector({ store, knex, projection: conversations, batchSize: 7, onCommitted: (e) => void published.push(...e) });

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations, migrations);
    store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await knex.destroy();
    await db.drop();
  });

  it('folds events into rows, stores its checkpoint and publishes numbered feed entries', async () => {
    const live = projector();
    await live.start();
    const s = await writeConversation(1, 'a', 3);
    await store.append(s, [ev(1, 'Read')]);
    const last = await store.append(streamId('conversation', 2, 'b'), [ev(2, 'Opened', { contact: 'Bia' })]);
    await live.waitFor(last.position);
    await live.stop();
    expect(await snapshot()).toMatchObject([
      { id: s, contact: 'contact a', messages: 3, unread: 0, last_message: 'm2', status: 'pending', tags: [] },
      { id: 'conversation-2.b', company_id: 2, messages: 0 },
    ]);
    expect(await readCheckpoint(knex, 'test_conversations')).toEqual(last.position);
    const company1 = published.filter((e) => e.companyId === 1);
    expect(company1.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(published.filter((e) => e.companyId === 2).map((e) => e.seq)).toEqual([1]);
    const stored = await new FeedStore(knex).entriesAfter(1, 3);
    expect(stored.complete).toBe(true);
    expect(stored.entries.map((e) => e.payload)).toEqual(company1.slice(3).map((e) => e.payload));
  });

  it('restarts from its checkpoint without applying anything twice', async () => {
    const s = await writeConversation(1, 'c', 4); // written while no projector runs
    const restarted = projector();
    await restarted.start();
    const last = await store.append(s, [ev(1, 'MessageIn', { body: 'after restart' })]);
    await restarted.waitFor(last.position);
    await restarted.stop();
    const row = await knex('test_conversations').where({ id: s }).first();
    expect(row).toMatchObject({ messages: 5, unread: 5, last_message: 'after restart' });
    expect((await knex('test_conversations').where({ id: 'conversation-1.a' }).first()).messages).toBe(3);
  });

  it('applies each event once even with two instances running at the same time', async () => {
    const one = projector();
    const two = projector();
    await Promise.all([one.start(), two.start()]);
    const streams = await Promise.all([0, 1, 2, 3].map((i) => writeConversation(3, `p${i}`, 10)));
    const last = await store.append(streams[0]!, [ev(3, 'Closed')]);
    await Promise.all([one.waitFor(last.position), two.waitFor(last.position)]);
    await Promise.all([one.stop(), two.stop()]);
    const rows = await knex('test_conversations').where({ company_id: 3 });
    expect(rows.map((r: Row) => r.messages)).toEqual([10, 10, 10, 10]);
    const seqs = published.filter((e) => e.companyId === 3).map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('keeps the feed bounded and says when a client fell behind retention', async () => {
    const feed = new FeedStore(knex);
    const current = await feed.currentSeq(1);
    expect(current).toBeGreaterThan(5);
    await feed.prune(3);
    expect((await feed.entriesAfter(1, current - 3)).entries).toHaveLength(3);
    expect((await feed.entriesAfter(1, 1)).complete).toBe(false);
    expect(await eventually(async () => (await feed.entriesAfter(1, current)).complete)).toBe(true);
  });

  it('a group feeds several projectors from one subscription, each from its own checkpoint', async () => {
    const counted: string[] = [];
    const counter: Projection = { name: 'test_counter', tables: [], eventTypes: ['MessageIn'], apply: async (events) => void counted.push(...events.map((e) => e.id)) };
    const behind = new Projector({ store, knex, projection: counter });
    const ahead = projector();
    const group = new ProjectorGroup(store, [ahead, behind], { batchSize: 5 });
    await group.start();
    const s = await writeConversation(5, 'g', 3);
    const last = await store.append(s, [ev(5, 'MessageIn', { body: 'last' })]);
    await Promise.all([ahead.waitFor(last.position), behind.waitFor(last.position)]);
    await group.stop();
    // The new projector read the whole history; the existing one only what was new (no double count).
    const allMessages = (await store.readAll({ maxCount: 10_000 })).filter((e) => e.type === 'MessageIn');
    expect(counted).toEqual(allMessages.map((e) => e.id));
    expect((await knex('test_conversations').where({ id: s }).first()).messages).toBe(4);
    expect((await knex('test_conversations').where({ id: 'conversation-1.a' }).first()).messages).toBe(3);
  });
  it('moves the stored checkpoints of projectors that read nothing of a batch, together, and never back', async () => {
    const folded: string[] = [];
    const reader = (name: string, type: string): Projection => ({ name, tables: [], eventTypes: [type], apply: async (events) => void folded.push(...events.map((e) => `${name} ${e.type}`)) });
    const quiet = new Projector({ store, knex, projection: reader('test_quiet', 'NeverWritten') });
    const other = new Projector({ store, knex, projection: reader('test_other', 'AlsoNeverWritten') });
    const busy = new Projector({ store, knex, projection: reader('test_busy', 'Ping') });
    // An instance elsewhere already went further than this one will read: the skip must leave it there.
    await knex('projection_checkpoints').insert({ name: 'test_other', commit_position: Number.MAX_SAFE_INTEGER, prepare_position: 0 });
    const group = new ProjectorGroup(store, [quiet, other, busy], { batchSize: 50 });
    await group.start();
    const s = streamId('pings', 6, 'x');
    await store.append(s, [ev(6, 'Ping'), ev(6, 'Pong')]);
    const last = await store.append(s, [ev(6, 'Pong')]);
    await Promise.all([quiet.waitFor(last.position), busy.waitFor(last.position)]);
    await group.stop();
    expect(folded).toEqual(['test_busy Ping']);
    // Another process waiting on the stored checkpoints sees every one of them past the last event.
    expect(await readCheckpoint(knex, 'test_quiet')).toEqual(last.position);
    expect(await readCheckpoint(knex, 'test_busy')).toEqual(last.position);
    expect((await readCheckpoint(knex, 'test_other')).commit).toBe(Number.MAX_SAFE_INTEGER);
    const states = await knex('projection_checkpoints').whereIn('name', ['test_quiet', 'test_busy']).pluck('state');
    expect(states).toEqual(['running', 'running']);
  });
});
