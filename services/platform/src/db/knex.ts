import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// bigint (int8) and xid8 columns come back as numbers: ids, positions and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
(pg.types.setTypeParser as (oid: number, parse: (value: string) => unknown) => void)(5069, (v) => Number(v));
// numeric (money values) as numbers too.
pg.types.setTypeParser(1700, (v) => Number(v));

/** What a knex made here was made from, for its pool of generic-plan connections. */
const origins = new WeakMap<Knex, { url: string; genericMax: number; generic?: pg.Pool }>();

/**
 * Generic-plan connections per knex, unless said otherwise: lists are short and bounded, and a few connections kept
 * busy serve them faster than many taking turns on PostgreSQL's cores (decision 0026).
 */
export const GENERIC_PLAN_CONNECTIONS = 4;

/** `genericMax`: how many generic-plan connections (genericPlanPool) it may open. */
export function createKnex(databaseUrl: string, pool: { min?: number; max?: number; genericMax?: number } = {}): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
  origins.set(knex, { url: databaseUrl, genericMax: pool.genericMax ?? GENERIC_PLAN_CONNECTIONS });
  // The generic-plan pool, if one was opened, closes with the knex (knex.destroy ends in its client's destroy).
  const client = knex.client as { destroy: (callback?: unknown) => Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    const origin = origins.get(knex);
    const generic = origin?.generic;
    if (origin) origin.generic = undefined;
    await Promise.all([generic?.end(), destroy(callback)]);
  };
  return knex;
}

/**
 * Connections of the same database whose session plans every prepared statement once for any values
 * (`plan_cache_mode = force_generic_plan`), without parallel workers, at most `genericMax` (GENERIC_PLAN_CONNECTIONS
 * unless said), opened on first use and closed with the knex: for the lists the product is asked all day
 * (read/src/prepared.ts, decision 0026). Requests beyond them wait their turn in order, which keeps a list's time steady under load. The setting would
 * be wrong for the knex's other queries, whose best plan depends on their values (a LIKE pattern's prefix), so
 * these connections are their own pool. None for a knex made elsewhere (a transaction's).
 */
export function genericPlanPool(knex: Knex): pg.Pool | undefined {
  const origin = origins.get(knex);
  if (!origin) return undefined;
  if (!origin.generic) {
    origin.generic = new pg.Pool({
      connectionString: origin.url,
      max: origin.genericMax,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      // And no parallel workers: a list takes a millisecond or two, about what starting a worker costs, and a plan
      // for any values that guesses a few thousand matches would start two for every search.
      options: '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
    });
    // An idle connection the server ended (a restart, a dropped test database) is simply replaced.
    origin.generic.on('error', () => undefined);
  }
  return origin.generic;
}
