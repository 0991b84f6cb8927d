import { describe, expect, it } from 'vitest';
import { eventStoreMigrations, migrateLatest } from '@atendo/platform';
import { databaseSuite } from '../testing/databaseSuite.js';
import type { Knex } from 'knex';
import { runtimeMigrations } from '../migrations.js';
import { companiesMigrations } from './migrations.js';
import { usersMigrations } from '../users/migrations.js';

const readMigrations = [...runtimeMigrations, ...companiesMigrations, ...usersMigrations];

const SPLIT = '202611240010_catalogue_split_into_features';

describe('the catalogue split into five projections', () => {
  let knex: Knex;
  databaseSuite([], (database) => {
    ({ knex } = database);
  });

  it('gives each new projection the old checkpoint and its dead letters, so nothing folds again from zero', async () => {
    await migrateLatest(knex, eventStoreMigrations, readMigrations.filter((m) => m.name < SPLIT));
    await knex('projection_checkpoints').insert({ name: 'catalogue', commit_position: 900, prepare_position: 7, events_handled: 42 });
    const letter = { stream_position: 0, commit_position: 800, prepare_position: 1, error: 'boom', attempts: 3 };
    await knex('projection_dead_letters').insert([
      { ...letter, projection: 'catalogue', event_id: 'a', stream_id: 'user-1.2', event_type: 'UserCreated' },
      { ...letter, projection: 'catalogue', event_id: 'b', stream_id: 'whatsappSession-1.1', event_type: 'WhatsappSessionChanged' },
    ]);

    await migrateLatest(knex, eventStoreMigrations, readMigrations);

    const checkpoints = await knex('projection_checkpoints').orderBy('name').select('name', 'commit_position', 'prepare_position', 'events_handled');
    expect(checkpoints).toEqual(
      ['companies', 'connections', 'plans', 'queues', 'users'].map((name) => ({ name, commit_position: 900, prepare_position: 7, events_handled: 42 })),
    );
    expect(await knex('projection_dead_letters').orderBy('event_id').select('projection', 'event_id')).toEqual([
      { projection: 'users', event_id: 'a' },
      { projection: 'connections', event_id: 'b' },
    ]);
  });
});
