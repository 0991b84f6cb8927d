import { afterAll, beforeAll } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, eventStoreMigrations, migrateLatest, PostgresEventStore, type Migration } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { runtimeMigrations } from '../migrations.js';
import type { Projection } from '../projections/projection.js';
import { Projector } from '../projections/projector.js';

export interface SuiteDatabase {
  db: TestDatabase;
  knex: Knex;
}

/**
 * A fresh database for the suite: created before its tests, with a knex on it and `migrations` applied, and dropped
 * after them. `ready` takes what the suite keeps (into its own variables) and may prepare more.
 */
export function databaseSuite(migrations: Migration[][], ready: (database: SuiteDatabase) => void | Promise<void>): void {
  let database: SuiteDatabase | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    database = { db, knex: createKnex(db.url) };
    if (migrations.length) await migrateLatest(database.knex, ...migrations);
    await ready(database);
  });
  afterAll(async () => {
    await database?.knex.destroy();
    await database?.db.drop();
  });
}

export interface ProjectionRig extends SuiteDatabase {
  store: PostgresEventStore;
  projector: Projector;
}

/**
 * One projection at work for the suite: a fresh database with the event store's and the runtime's tables and
 * `migrations`, a store that polls every 20 ms, and the projection's projector started; all stopped after the tests.
 */
export function projectionSuite(projection: Projection, migrations: Migration[][], ready: (rig: ProjectionRig) => void): void {
  let rig: Partial<ProjectionRig> = {};
  beforeAll(async () => {
    const db = await createTestDatabase();
    rig.db = db;
    const knex = (rig.knex = createKnex(db.url));
    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations, ...migrations);
    const store = (rig.store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 20 }));
    const projector = (rig.projector = new Projector({ store, knex, projection }));
    await projector.start();
    ready({ db, knex, store, projector });
  });
  afterAll(async () => {
    await rig.projector?.stop();
    await rig.store?.close();
    await rig.knex?.destroy();
    await rig.db?.drop();
    rig = {};
  });
}
