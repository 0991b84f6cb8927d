import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, eventStoreMigrations, migrateLatest } from '@atendo/platform';
import { createTestDatabase } from '@atendo/platform/testing';
import { databaseSuite } from '../testing/databaseSuite.js';
import { runtimeMigrations } from '../migrations.js';
import { ticketMigrations } from './migrations.js';

const RENAME = '202611240020_conversations_read_model_named_tickets';

describe('the conversations read model named tickets', () => {
  let knex: Knex;
  databaseSuite([], (database) => {
    ({ knex } = database);
  });

  it('keeps its checkpoint and dead letters, so an upgrade does not fold the log again', async () => {
    const all = [...runtimeMigrations, ...ticketMigrations];
    await migrateLatest(knex, eventStoreMigrations, all.filter((m) => m.name < RENAME));
    await knex('projection_checkpoints').insert({ name: 'conversations', commit_position: 900, prepare_position: 7, events_handled: 42 });
    await knex('projection_dead_letters').insert({
      projection: 'conversations', event_id: 'a', stream_id: 'contact-1.55', stream_position: 0, event_type: 'TicketOpened',
      commit_position: 800, prepare_position: 1, error: 'boom', attempts: 3,
    });

    await migrateLatest(knex, eventStoreMigrations, all);

    expect(await knex('projection_checkpoints').select('name', 'commit_position', 'prepare_position', 'events_handled')).toEqual([
      { name: 'tickets', commit_position: 900, prepare_position: 7, events_handled: 42 },
    ]);
    expect(await knex('projection_dead_letters').select('projection', 'event_id')).toEqual([{ projection: 'tickets', event_id: 'a' }]);
  });

  it('counts the tickets there are when ticket_counts is added, and keeps counting', async () => {
    const own = await createTestDatabase();
    const knex = createKnex(own.url);
    try {
      await countsFromUpgrade(knex);
    } finally {
      await knex.destroy();
      await own.drop();
    }
  });
});

async function countsFromUpgrade(knex: Knex): Promise<void> {
  const all = [...runtimeMigrations, ...ticketMigrations];
  await migrateLatest(knex, eventStoreMigrations, all.filter((m) => m.name < '202611281600_ticket_counts'));
  const ticket = (id: number, status: string, queueId: number | null) => ({
    id, uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, company_id: 5, status, user_id: null, queue_id: queueId, whatsapp_id: 1,
    contact_id: id, is_group: false, stream_id: `contact-5.${id}`, created_at: new Date(), updated_at: new Date(),
  });
  await knex('tickets').insert([ticket(1, 'pending', null), ticket(2, 'pending', null), ticket(3, 'pending', 9), ticket(4, 'closed', 9)]);
  await migrateLatest(knex, eventStoreMigrations, all);
  const counts = () => knex('ticket_counts').orderBy(['status', 'queue_id']).select('company_id', 'status', 'queue_id', 'user_id', knex.raw('n::int AS n'));
  expect(await counts()).toEqual([
    { company_id: 5, status: 'closed', queue_id: 9, user_id: null, n: 1 },
    { company_id: 5, status: 'pending', queue_id: 9, user_id: null, n: 1 },
    { company_id: 5, status: 'pending', queue_id: null, user_id: null, n: 2 },
  ]);
  await knex('tickets').where({ id: 4 }).delete();
  await knex('tickets').where({ id: 1 }).update({ status: 'open', user_id: 3 });
  expect(await counts()).toEqual([
    { company_id: 5, status: 'open', queue_id: null, user_id: 3, n: 1 },
    { company_id: 5, status: 'pending', queue_id: 9, user_id: null, n: 1 },
    { company_id: 5, status: 'pending', queue_id: null, user_id: null, n: 1 },
  ]);
}
