import type { Knex } from 'knex';
import type { Migration } from '../db/migrations.js';

/** Numeric ids of the spec's entities, from PostgreSQL sequences (also when events live in EventStoreDB). */
export const ID_KINDS = ['company', 'plan', 'user', 'queue', 'whatsapp', 'contact', 'ticket'] as const;
export type IdKind = (typeof ID_KINDS)[number];

export const idMigrations: Migration[] = [
  {
    name: '202611220002_id_sequences',
    up: (knex) => knex.raw(ID_KINDS.map((k) => `CREATE SEQUENCE ${k}_ids;`).join('\n')),
    down: (knex) => knex.raw(ID_KINDS.map((k) => `DROP SEQUENCE ${k}_ids;`).join('\n')),
  },
];

export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
}

/**
 * Ids of the kinds every new customer needs are taken from the sequence in blocks, so a first message costs no
 * round trip for them: ids then run out of order across processes, and a restart skips the rest of its blocks.
 */
const BLOCK_SIZES: Partial<Record<IdKind, number>> = { contact: 100, ticket: 100 };

export function sequenceIds(knex: Knex): IdAllocator {
  const blocks = new Map<IdKind, { free: number[]; refill?: Promise<void> }>();
  const take = async (kind: IdKind, count: number) => {
    const { rows } = await knex.raw<{ rows: Array<{ id: string }> }>(`SELECT nextval('${kind}_ids') AS id FROM generate_series(1, ?)`, [count]);
    return rows.map((r) => Number(r.id));
  };
  return {
    async next(kind) {
      const size = BLOCK_SIZES[kind];
      if (!size) return (await take(kind, 1))[0]!;
      let block = blocks.get(kind);
      if (!block) blocks.set(kind, (block = { free: [] }));
      while (block.free.length === 0) {
        block.refill ??= take(kind, size).then(
          (ids) => {
            block!.free.push(...ids);
            block!.refill = undefined;
          },
          (error: unknown) => {
            block!.refill = undefined;
            throw error;
          },
        );
        await block.refill;
      }
      return block.free.shift()!;
    },
  };
}
