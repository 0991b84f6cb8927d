import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, eventStoreMigrations, migrateLatest } from '@atendo/core';
import { createTestDatabase, type TestDatabase } from '@atendo/core/testing';
import { runtimeMigrations } from '../migrations.js';
import { ticketMigrations } from './migrations.js';

const RENAME = '202611240020_conversations_read_model_named_tickets';

describe('the conversations read model named tickets', () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
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
});
