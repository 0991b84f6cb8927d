import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../db/knex.js';
import { migrateLatest } from '../db/migrations.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { idMigrations, sequenceIds } from './idAllocator.js';

describe('sequenceIds', () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, idMigrations);
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  it('hands out each id once, across concurrent callers and two processes, whole blocks or not', async () => {
    const a = sequenceIds(knex);
    const b = sequenceIds(knex);
    const taken = await Promise.all(Array.from({ length: 1000 }, (_, i) => (i % 2 ? a : b).next(i % 3 ? 'ticket' : 'company')));
    const tickets = taken.filter((_, i) => i % 3);
    expect(new Set(tickets).size).toBe(tickets.length);
    const companies = taken.filter((_, i) => i % 3 === 0);
    expect(new Set(companies).size).toBe(companies.length);
    // Kinds created rarely are not taken in blocks: no gaps in what a restart would see.
    expect([...companies].sort((x, y) => x - y)).toEqual(Array.from({ length: companies.length }, (_, i) => i + 1));
  });
});
