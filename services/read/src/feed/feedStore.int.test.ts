import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { databaseSuite } from '../testing/databaseSuite.js';
import { runtimeMigrations } from '../migrations.js';
import { appendFeedEntries, FeedStore } from './feedStore.js';

describe('the feed store', () => {
  let knex: Knex;
  let feed: FeedStore;
  const write = (companyId: number, n: number) =>
    knex.transaction((trx) =>
      appendFeedEntries(
        trx,
        Array.from({ length: n }, (_, i) => ({ companyId, channel: 'ticket' as const, payload: { action: 'update', i }, audience: { kind: 'company' as const } })),
      ),
    );

  databaseSuite([runtimeMigrations], (database) => {
    ({ knex } = database);
    feed = new FeedStore(knex);
  });

  it('never mistakes an entry committed while it reads for one that retention dropped', async () => {
    // A client resuming at the head of the feed while its company writes: the entries it asks for are committed
    // between any two statements a read could make. Nothing was pruned, so every answer must be complete.
    await write(1, 1);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 400; i++) await write(1, 1);
      writing = false;
    })();
    let reads = 0;
    const incomplete: number[] = [];
    while (writing) {
      const from = await feed.currentSeq(1);
      const { entries, complete } = await feed.entriesAfter(1, from);
      reads++;
      if (!complete) incomplete.push(from);
      else if (entries.length > 0) expect(entries[0]!.seq).toBe(from + 1);
    }
    await writer;
    expect(reads).toBeGreaterThan(50);
    expect(incomplete).toEqual([]);
  });

  it('says incomplete when retention dropped what was asked for, and complete for what it kept', async () => {
    await write(2, 10);
    await feed.prune(3);
    expect(await feed.entriesAfter(2, 2)).toEqual({ entries: [], complete: false });
    const kept = await feed.entriesAfter(2, 7);
    expect(kept.complete).toBe(true);
    expect(kept.entries.map((e) => e.seq)).toEqual([8, 9, 10]);
    expect(await feed.entriesAfter(2, 10)).toEqual({ entries: [], complete: true });
    // A company that never wrote anything.
    expect(await feed.entriesAfter(99, 0)).toEqual({ entries: [], complete: true });
  });
});
