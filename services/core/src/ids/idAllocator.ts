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

export function sequenceIds(knex: Knex): IdAllocator {
  return {
    async next(kind) {
      const { rows } = await knex.raw<{ rows: Array<{ id: number }> }>(`SELECT nextval('${kind}_ids') AS id`);
      return rows[0]!.id;
    },
  };
}
