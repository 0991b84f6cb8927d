import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, genericPlanPool } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { prepared } from './prepared.js';

describe('prepared statements for the lists', () => {
  let db: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    db = await createTestDatabase();
    // One connection: every call below meets what the one before left on it.
    knex = createKnex(db.url, { max: 1, genericMax: 1 });
    await knex.raw('CREATE TABLE people (id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL)');
    await knex.raw(`INSERT INTO people SELECT g, 1 + g % 3, 'person ' || g FROM generate_series(1, 300) g`);
    await knex.raw('CREATE INDEX people_name ON people (company_id, name text_pattern_ops)');
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  it('answers with the rows of the values given, each time, generic or not; text with quotes and backslashes is a value, never SQL', async () => {
    const text = 'SELECT id, name FROM people WHERE company_id = $1 AND id = ANY($2::bigint[]) AND name <> $3 ORDER BY id';
    for (const generic of [false, true]) {
      for (let i = 0; i < 8; i++) {
        const rows = await prepared<{ id: number; name: string }>(knex, text, [1, [3, 6, 7, 9 + i * 3], "x'; DROP TABLE people; --\\"], { generic });
        expect(rows).toEqual([3, 6, 9 + i * 3].map((id) => ({ id, name: `person ${id}` })));
      }
    }
    expect(Number((await knex.raw('SELECT count(*) AS n FROM people')).rows[0].n)).toBe(300);
  });

  it('leaves the connection as it found it: a generic statement does not make the next query generic', async () => {
    await prepared(knex, 'SELECT id FROM people WHERE company_id = $1 LIMIT 1', [2], { generic: true });
    expect((await knex.raw('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
    // A failing one too.
    const failing = 'SELECT id FROM people WHERE company_id = $1 AND 1 / $2::int = 1 ORDER BY id LIMIT 2';
    await expect(prepared(knex, failing, [2, 0], { generic: true })).rejects.toThrow(/division by zero/);
    expect((await knex.raw('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
    // The statement failed on its values, not its text: with others it runs (prepared or not by the failed message).
    expect(await prepared(knex, failing, [2, 1], { generic: true })).toEqual([{ id: 1 }, { id: 4 }]);
    expect((await knex.raw('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
  });

  it('a generic statement is planned once for every value; an automatic one is planned for its values while that looks cheaper', async () => {
    const generic = 'SELECT id FROM people WHERE company_id = $1 AND name LIKE $2 ORDER BY id LIMIT 5';
    const auto = `${generic} -- auto`;
    for (let i = 0; i < 10; i++) {
      await prepared(knex, generic, [1, 'person 1%'], { generic: true });
      await prepared(knex, auto, [1, 'person 1%']);
    }
    type Plans = Array<{ statement: string; generic_plans: number; custom_plans: number }>;
    const statements = 'SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements';
    // Generic statements run on the knex's generic-plan connections (one here, as the knex has one).
    const genericPlans = ((await genericPlanPool(knex)!.query(statements)).rows as Plans).find((p) => p.statement.includes('LIKE $2') && !p.statement.includes('-- auto'))!;
    const autoPlans = ((await knex.raw(statements)).rows as Plans).find((p) => p.statement.includes('-- auto'))!;
    expect(Number(genericPlans.custom_plans)).toBe(0);
    expect(Number(genericPlans.generic_plans)).toBeGreaterThanOrEqual(10);
    // The pattern's beginning lets a fresh plan read the name index: cheaper than one plan for any pattern.
    expect(Number(autoPlans.custom_plans)).toBeGreaterThanOrEqual(5);
  });

  it('in a transaction (no generic-plan connections), a generic statement is still planned once, and the setting goes back', async () => {
    const generic = 'SELECT id FROM people WHERE company_id = $1 AND name LIKE $2 ORDER BY id LIMIT 5 -- in a transaction';
    const plans = await knex.transaction(async (trx) => {
      for (let i = 0; i < 10; i++) expect(await prepared(trx, generic, [1, 'person 1%'], { generic: true })).toHaveLength(5);
      expect((await trx.raw('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
      return (await trx.raw('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE ?', ['%-- in a transaction%'])).rows as Array<{ generic_plans: number; custom_plans: number }>;
    });
    expect(plans.map((p) => [Number(p.generic_plans), Number(p.custom_plans)])).toEqual([[10, 0]]);
    // The generic-plan connections say so in their session; the knex's own do not.
    expect((await genericPlanPool(knex)!.query('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('force_generic_plan');
    expect((await knex.raw('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
  });

  it('runs a statement whose table changed shape under it, and prepares it again', async () => {
    const text = 'SELECT * FROM people WHERE id = $1';
    for (const generic of [false, true]) {
      expect(await prepared(knex, text, [5], { generic })).toEqual([{ id: 5, company_id: 3, name: 'person 5' }]);
    }
    await knex.raw("ALTER TABLE people ADD COLUMN email text NOT NULL DEFAULT ''");
    for (const generic of [false, true]) {
      expect(await prepared(knex, text, [5], { generic })).toEqual([{ id: 5, company_id: 3, name: 'person 5', email: '' }]);
      expect(await prepared(knex, text, [5], { generic })).toEqual([{ id: 5, company_id: 3, name: 'person 5', email: '' }]);
    }
  });
});
