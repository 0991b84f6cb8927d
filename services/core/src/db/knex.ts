import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// bigint (int8) and xid8 columns come back as numbers: ids, positions and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
(pg.types.setTypeParser as (oid: number, parse: (value: string) => unknown) => void)(5069, (v) => Number(v));
// numeric (money values) as numbers too.
pg.types.setTypeParser(1700, (v) => Number(v));

export function createKnex(databaseUrl: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}
