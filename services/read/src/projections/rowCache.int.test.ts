import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { databaseSuite } from '../testing/databaseSuite.js';
import { RowCache } from './rowCache.js';

interface Row {
  id: string;
  body: string | null;
  count: number;
  flag: boolean;
  tags: unknown;
  at: string | Date;
}

// Text that COPY's format must escape, and text that JSON must: both paths have to store it as it was.
const awkward = ['tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', 'quote " and \' and é ✓ 🙂', '', 'a,b;c|d'];

function rows(count: number, prefix: string): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    body: i % 9 === 0 ? null : awkward[i % awkward.length]!,
    count: i,
    flag: i % 2 === 0,
    tags: i % 5 === 0 ? null : { list: ['x\ty', 'a\\b'], n: i, nested: { text: 'line\nbreak' } },
    at: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, i)),
  }));
}

describe('RowCache', () => {
  let knex: Knex;

  databaseSuite([], async (database) => {
    ({ knex } = database);
    await knex.raw('CREATE TABLE cached (id text PRIMARY KEY, body text, count int NOT NULL, flag boolean NOT NULL, tags jsonb, at timestamptz NOT NULL)');
  });

  const stored = async (prefix: string) =>
    ((await knex('cached').where('id', 'like', `${prefix}%`)) as Row[])
      .map((r) => ({ ...r, at: new Date(r.at).toISOString() }))
      .sort((a, b) => a.count - b.count);
  const expected = (list: Row[]) => list.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  /** Sets `list` into a fresh cache in one transaction and flushes it; `then` goes on with that cache before the commit. */
  const setAll = (list: Row[], then?: (cache: RowCache<Row>) => Promise<void>) =>
    knex.transaction(async (trx) => {
      const cache = new RowCache<Row>(trx, 'cached', 'id');
      for (const row of list) cache.set(row);
      await cache.flush();
      await then?.(cache);
    });

  it('stores a large flush (staged with COPY) exactly as a small one (one JSON statement)', async () => {
    const large = rows(2_500, 'large-');
    const small = rows(40, 'small-');
    await setAll([...large, ...small]);
    expect(await stored('large-')).toEqual(expected(large));
    expect(await stored('small-')).toEqual(expected(small));
    // The two paths agree value for value on the rows they share.
    expect((await stored('large-')).slice(0, 40).map(({ id: _id, ...rest }) => rest)).toEqual((await stored('small-')).map(({ id: _id, ...rest }) => rest));
  });

  it('updates existing rows through the staged path, twice in one transaction', async () => {
    const first = rows(3_000, 'twice-');
    await setAll(first, async (cache) => {
      await cache.load(first.map((r) => r.id));
      for (const row of first) cache.update(row.id, (r) => ({ count: r.count + 10_000, body: `${r.body ?? ''}\tchanged` }));
      await cache.flush();
    });
    const after = await stored('twice-');
    expect(after).toHaveLength(3_000);
    expect(after[7]).toMatchObject({ count: 10_007, body: `${awkward[7]}\tchanged` });
    expect(after[9]).toMatchObject({ count: 10_009, body: '\tchanged' });
  });

  it('writes nothing when the staged upsert fails: the transaction rolls back whole', async () => {
    const bad = rows(2_100, 'bad-');
    (bad[2_050] as { count: unknown }).count = null; // NOT NULL
    await expect(setAll(bad)).rejects.toThrow(/null value/);
    expect(await stored('bad-')).toEqual([]);
  });

  it('upserts new-looking rows that exist after all (an event folded again): the straight COPY is undone, nothing is lost', async () => {
    const original = rows(2_200, 'again-');
    await setAll(original);
    // A fresh cache that never loaded them: it takes every row for new, but 2,200 of these 2,400 exist.
    const again = rows(2_400, 'again-').map((r) => ({ ...r, count: r.count + 50_000 }));
    await setAll(again, async (cache) => {
      // The transaction stays usable after the undone COPY.
      await cache.load(['again-1']);
      cache.update('again-1', () => ({ body: 'after' }));
      await cache.flush();
    });
    const after = await stored('again-');
    expect(after).toHaveLength(2_400);
    expect(after.every((r, i) => r.count === i + 50_000)).toBe(true);
    expect(after[1]!.body).toBe('after');
  });
});
