import type { EventMetadata } from '@atendo/contracts';
import {
  contactStream,
  ContactStreamService,
  fold,
  inboundEventId,
  PostgresSnapshotStore,
  snapshotMigrations,
  toDomainEvent,
  type ContactStreamDomainEvent,
  type InboundInput,
} from '@atendo/core';
import { createKnex, eventStoreMigrations, idMigrations, migrateLatest, PostgresEventStore, sequenceIds } from '@atendo/platform';
import { conversationOf, features } from '@atendo/runtime';
import { percentile } from './machine.js';

export interface LongLivedResult {
  messages: number;
  events: number;
  /** Reading and folding the whole stream, as a cold load did before snapshots. */
  fullFoldMs: number;
  /** A cold load: the latest snapshot plus the events after it. */
  coldLoadMs: number;
  /** One inbound message on a customer whose state is cached (median and p99). */
  warmMs: { p50: number; p99: number };
  /** One inbound message in a process that never saw the customer (median of fresh services). */
  coldMs: number;
}

const companyId = 1;
const whatsappId = 1;

/** A customer's life: `messages` in and as many out (each dispatched, delivered and read), a ticket every 100 in. */
function history(number: string, messages: number): ContactStreamDomainEvent[] {
  const events: ContactStreamDomainEvent[] = [{ type: 'ContactCreated', data: { contactId: 1, number, name: 'Ana', isGroup: false } }];
  let ticketId = 0;
  for (let i = 0; i < messages; i++) {
    if (i % 100 === 0) {
      if (ticketId) events.push({ type: 'TicketResolved', data: { ticketId, userId: 7 } });
      ticketId++;
      events.push(
        { type: 'TicketOpened', data: { ticketId, uuid: `uuid-${ticketId}`, contactId: 1, whatsappId, queueId: null, isGroup: false } },
        { type: 'TicketAccepted', data: { ticketId, userId: 7 } },
      );
    }
    const out = `out-${i}`;
    events.push(
      {
        type: 'MessageReceived',
        id: inboundEventId(companyId, whatsappId, `in-${i}`),
        data: { ticketId, messageId: `in-${i}`, whatsappId, body: `mensagem ${i}`, mediaType: 'chat', sentAt: new Date().toISOString(), quotedMessageId: null },
      },
      { type: 'MessageQueued', data: { ticketId, messageId: out, whatsappId, body: `resposta ${i}`, userId: 7, quotedMessageId: null } },
      { type: 'MessageDispatched', data: { ticketId, messageId: out, providerMessageId: `wa-${out}` } },
      { type: 'MessageAckChanged', data: { ticketId, messageId: out, ack: 2 } },
      { type: 'MessageAckChanged', data: { ticketId, messageId: out, ack: 3 } },
    );
  }
  return events;
}

const inbound = (number: string, messageId: string): InboundInput => ({
  companyId,
  whatsappId,
  queueId: null,
  messageId,
  number,
  pushName: 'Ana',
  body: 'mais uma pergunta',
  mediaType: 'chat',
  sentAt: new Date(),
  isGroup: false,
  quotedMessageId: null,
});

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * One customer with `messages` messages each way in its stream: how long a cold load and one command take. The
 * history is written straight to the store; the snapshot the command handler would have written by then is taken
 * by folding it once (that fold is the "whole stream" figure).
 */
export async function longLived(url: string, messages: number, samples = 50): Promise<LongLivedResult> {
  const knex = createKnex(url);
  await migrateLatest(knex, eventStoreMigrations, idMigrations, snapshotMigrations);
  const store = new PostgresEventStore({ connectionString: url, listen: false });
  const snapshots = new PostgresSnapshotStore(knex);
  const number = '5521900000001';
  const stream = contactStream(companyId, number);
  const metadata: EventMetadata = { companyId, actor: { type: 'system' }, correlationId: 'bench', causationId: 'bench', occurredAt: new Date().toISOString() };
  const events = history(number, messages);
  for (let i = 0; i < events.length; i += 2000) await store.append(stream, events.slice(i, i + 2000).map((e) => ({ ...e, metadata })));

  // The server's conversation: the rule families its feature list brings.
  const decider = conversationOf(features);
  let folded = decider.initialState();
  const fullFoldMs = await timed(async () => {
    folded = fold(decider, (await store.readStream(stream)).map((e) => toDomainEvent<ContactStreamDomainEvent>(e)));
  });
  await snapshots.save(stream, decider.snapshot.version, { revision: events.length - 1, state: decider.snapshot.serialize(folded) });

  const cold: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < samples; i++) {
    loads.push(await timed(() => new ContactStreamService(decider, store, sequenceIds(knex), snapshots).state(stream)));
    cold.push(await timed(() => new ContactStreamService(decider, store, sequenceIds(knex), snapshots).receive(inbound(number, `cold-${i}`))));
  }
  const service = new ContactStreamService(decider, store, sequenceIds(knex), snapshots);
  await service.state(stream);
  const warm: number[] = [];
  for (let i = 0; i < samples * 4; i++) warm.push(await timed(() => service.receive(inbound(number, `warm-${i}`))));

  await store.close();
  await knex.destroy();
  const sort = (list: number[]) => [...list].sort((a, b) => a - b);
  return {
    messages,
    events: events.length,
    fullFoldMs,
    coldLoadMs: percentile(sort(loads), 50),
    warmMs: { p50: percentile(sort(warm), 50), p99: percentile(sort(warm), 99) },
    coldMs: percentile(sort(cold), 50),
  };
}
