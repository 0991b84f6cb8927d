import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@atendo/contracts';
import { fold } from '../commands/decider.js';
import { loadState, toDomainEvent } from '../commands/handler.js';
import { PostgresSnapshotStore, snapshotMigrations } from '../commands/snapshots.js';
import { createKnex, migrateLatest, eventStoreMigrations, PostgresEventStore, idMigrations, sequenceIds } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { contactStream, RECEIVED_WINDOW, type ContactStreamDomainEvent } from './state.js';
import { inboundEventId } from './decider.js';
import { conversationDecider, conversationSnapshots } from '../testing/conversation.js';
import { ContactStreamService, type InboundInput } from './service.js';

const companyId = 3;
const whatsappId = 4;
/** Above what the id sequences hand out in these tests. */
const ticketId = 900;
const metadata: EventMetadata = { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-23T10:00:00.000Z' };

const inbound = (number: string, messageId: string): InboundInput => ({
  companyId,
  whatsappId,
  queueId: null,
  messageId,
  number,
  pushName: 'Ana',
  body: `text of ${messageId}`,
  mediaType: 'chat',
  sentAt: new Date('2026-11-23T10:00:00.000Z'),
  isGroup: false,
  quotedMessageId: null,
});

/** A customer with `messages` inbound messages already in the log, written straight to the store. */
function history(number: string, messages: number): ContactStreamDomainEvent[] {
  const events: ContactStreamDomainEvent[] = [
    { type: 'ContactCreated', data: { contactId: ticketId, number, name: 'Ana', isGroup: false } },
    { type: 'TicketOpened', data: { ticketId, uuid: 'uuid-1', contactId: ticketId, whatsappId, queueId: null, isGroup: false } },
  ];
  for (let i = 0; i < messages; i++) {
    events.push({
      type: 'MessageReceived',
      id: inboundEventId(companyId, whatsappId, `m${i}`),
      data: { ticketId, messageId: `m${i}`, whatsappId, body: `text of m${i}`, mediaType: 'chat', sentAt: '2026-11-23T10:00:00.000Z', quotedMessageId: null },
    });
  }
  return events;
}

describe('conversations over PostgreSQL: long-lived customers', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  const service = () => new ContactStreamService(conversationDecider, store, sequenceIds(knex), new PostgresSnapshotStore(knex));

  async function write(stream: string, events: ContactStreamDomainEvent[]) {
    for (let i = 0; i < events.length; i += 500) {
      await store.append(stream, events.slice(i, i + 500).map((e) => ({ ...e, metadata })));
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, idMigrations, snapshotMigrations);
    store = new PostgresEventStore({ connectionString: db.url });
  });
  afterAll(async () => {
    await store.close();
    await knex.destroy();
    await db.drop();
  });

  it('a redelivery inside the window and one far outside it both change nothing, open or resolved', async () => {
    const number = '5511900000001';
    const stream = contactStream(companyId, number);
    const messages = RECEIVED_WINDOW + 200;
    await write(stream, history(number, messages));
    const conversations = service();
    const length = (await store.readStream(stream)).length;

    expect((await conversations.receive(inbound(number, `m${messages - 1}`))).events).toEqual([]);
    expect((await conversations.receive(inbound(number, 'm0'))).events).toEqual([]);
    await conversations.execute(stream, { type: 'ResolveTicket', ticketId, userId: null, admin: false }, { actor: { type: 'system' } });
    // No open ticket now: the forgotten message would open one around a message that is already recorded.
    expect((await conversations.receive(inbound(number, 'm1'))).events).toEqual([]);
    expect((await conversations.receive(inbound(number, `m${messages - 2}`))).events).toEqual([]);
    expect(await store.readStream(stream)).toHaveLength(length + 1);

    const fresh = await conversations.receive(inbound(number, 'new'));
    expect(fresh.events.map((e) => e.type)).toEqual(['TicketOpened', 'MessageReceived']);
  });

  it('answers a conversation as of a revision from its cache when the cache is that far along, and reads it otherwise', async () => {
    const number = '5511900000009';
    const stream = contactStream(companyId, number);
    const conversations = service();
    const received = await conversations.receive(inbound(number, 'first'));
    const revision = received.events.length - 1;
    let reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (...args) => {
      reads++;
      return readStream(...args);
    };
    try {
      expect((await conversations.state(stream, revision)).contact?.number).toBe(number);
      expect(reads).toBe(0);
      // Renamed behind this service's back: a revision past its cache is read, and so is "as it stands now".
      await store.append(stream, [{ type: 'ContactRenamed', data: { contactId: received.state.contact!.id, name: 'Ana Maria' }, metadata }]);
      expect((await conversations.state(stream, revision + 1)).contact?.name).toBe('Ana Maria');
      expect(reads).toBe(1);
      expect((await conversations.state(stream)).contact?.name).toBe('Ana Maria');
      expect(reads).toBe(2);
    } finally {
      store.readStream = readStream;
    }
  });

  it('a cold load from the snapshot the handler wrote equals a fold of the whole stream', async () => {
    const number = '5511900000002';
    const stream = contactStream(companyId, number);
    const every = conversationSnapshots.every;
    // One short of two intervals: the next command's event completes the second and writes a snapshot.
    await write(stream, history(number, 2 * every - 3));
    await service().receive(inbound(number, 'last'));
    const { rows } = await knex.raw<{ rows: Array<{ revision: string; schema_version: number }> }>('SELECT revision, schema_version FROM snapshots WHERE stream_id = ?', [stream]);
    expect(rows.map((r) => [Number(r.revision), r.schema_version])).toEqual([[2 * every - 1, conversationSnapshots.version]]);

    await service().execute(stream, { type: 'AcceptTicket', ticketId, userId: 7 }, { actor: { type: 'system' } });
    const full = fold(conversationDecider, (await store.readStream(stream)).map((e) => toDomainEvent<ContactStreamDomainEvent>(e)));
    const cold = await service().state(stream);
    expect(conversationSnapshots.serialize(cold)).toEqual(conversationSnapshots.serialize(full));
    expect(cold.tickets.get(ticketId)).toMatchObject({ status: 'open', userId: 7, unread: 2 * every - 2 });
  });

  it('reads a snapshot of its own schema version and ignores one of another', async () => {
    const number = '5511900000003';
    const stream = contactStream(companyId, number);
    // Long enough to have a snapshot: a shorter stream is read whole without looking one up.
    const events = history(number, conversationSnapshots.every);
    await write(stream, events);
    const snapshots = new PostgresSnapshotStore(knex);
    // A state no fold of this stream gives: whether it shows tells whether the snapshot was read.
    const marked = conversationSnapshots.serialize(fold(conversationDecider, events.map((e) => (e.type === 'ContactCreated' ? { ...e, data: { ...e.data, name: 'From the snapshot' } } : e))));

    await snapshots.save(stream, conversationSnapshots.version + 1, { revision: events.length - 1, state: marked });
    expect((await loadState(store, conversationDecider, stream, undefined, snapshots)).state.contact?.name).toBe('Ana');

    await snapshots.save(stream, conversationSnapshots.version, { revision: events.length - 1, state: marked });
    const loaded = await loadState(store, conversationDecider, stream, undefined, snapshots);
    expect(loaded.state.contact?.name).toBe('From the snapshot');
    expect(loaded.revision).toBe(events.length - 1);
  });
});
