import type { Knex } from 'knex';
import type { Migration } from '../db/migrations.js';

/** Numeric ids of the spec's entities, from PostgreSQL sequences (also when events live in EventStoreDB). */
export const ID_KINDS = ['company', 'plan', 'user', 'queue', 'whatsapp', 'contact', 'ticket'] as const;
/**
 * The kind of entity an id is for: one of ID_KINDS, or a kind whose feature's migration creates its own
 * `{kind}_ids` sequence (a new feature adds no line here).
 */
export type IdKind = (typeof ID_KINDS)[number] | (string & {});

/** A migration that creates the `{kind}_ids` sequence of each kind (a feature's own kinds, `ids.next(kind)` takes from them). */
export function idSequences(name: string, ...kinds: IdKind[]): Migration {
  return {
    name,
    up: (knex) => knex.raw(kinds.map((k) => `CREATE SEQUENCE ${k}_ids;`).join('\n')),
    down: (knex) => knex.raw(kinds.map((k) => `DROP SEQUENCE ${k}_ids;`).join('\n')),
  };
}

export const idMigrations: Migration[] = [idSequences('202611220002_id_sequences', ...ID_KINDS)];

export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
}

/**
 * Ids of the kinds every new customer needs are taken from the sequence in blocks, and the next block is fetched
 * while half of the current one is left, so a first message rarely waits for an id. Ids then run out of order
 * across processes, and a restart skips what its blocks had left.
 */
const BLOCK_SIZES: Partial<Record<IdKind, number>> = { contact: 200, ticket: 200 };

export function sequenceIds(knex: Knex): IdAllocator {
  const blocks = new Map<IdKind, { free: number[]; refill?: Promise<void> }>();
  const take = async (kind: IdKind, count: number) => {
    if (!/^[a-z][a-zA-Z]*$/.test(kind)) throw new Error(`Invalid id kind: ${kind}`);
    const { rows } = await knex.raw<{ rows: Array<{ id: string }> }>(`SELECT nextval('${kind}_ids') AS id FROM generate_series(1, ?)`, [count]);
    return rows.map((r) => Number(r.id));
  };
  const refill = (kind: IdKind, block: { free: number[]; refill?: Promise<void> }, size: number) =>
    (block.refill ??= take(kind, size)
      .then((ids) => {
        block.free.push(...ids);
      })
      .finally(() => {
        block.refill = undefined;
      }));
  return {
    async next(kind) {
      const size = BLOCK_SIZES[kind];
      if (!size) return (await take(kind, 1))[0]!;
      let block = blocks.get(kind);
      if (!block) blocks.set(kind, (block = { free: [] }));
      while (block.free.length === 0) await refill(kind, block, size);
      // A failed prefetch is retried by the caller that finds the block empty.
      if (block.free.length <= size / 2) refill(kind, block, size).catch(() => undefined);
      return block.free.shift()!;
    },
  };
}
