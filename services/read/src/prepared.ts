import type { Knex } from 'knex';
import pg from 'pg';
import { genericPlanPool } from '@atendo/platform';

interface PgClient {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string): Promise<Array<{ rows: unknown[] }>>;
}

/** The name each statement is prepared under, the same on every connection: one name per distinct text and mode. */
const names = new Map<string, string>();
let prepares = 0;
/** The generic statements each connection has prepared (by SQL's PREPARE, which lives as long as the connection). */
const preparedOn = new WeakMap<PgClient, Set<string>>();

/** PostgreSQL's answer to a prepared statement whose table changed shape under it ("cached plan must not change result type"). */
const PLAN_CHANGED = '0A000';
/** PostgreSQL's answer to a PREPARE under a name the connection already has. */
const ALREADY_PREPARED = '42P05';

/** A value written into SQL text: numbers as they are, id arrays as array literals, the rest as quoted strings. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (Array.isArray(value)) return `'{${value.map((v) => String(Math.trunc(Number(v)))).join(',')}}'`;
  return pg.escapeLiteral(String(value));
}

/**
 * Runs `text` (with PostgreSQL's `$1` placeholders; values numbers, strings or arrays of ids) as a prepared statement
 * on one of the pool's connections: parsed once per connection, then only bound and executed. For the lists asked all
 * day (decision 0026).
 *
 * PostgreSQL plans a prepared statement again on every run while its plan for the values at hand looks cheaper than
 * its one plan for any values, and planning a list cost more than running it. With `generic`, the one plan is used
 * from the start: for statements whose best plan does not depend on their values (page sizes and caps written into
 * the text, equalities on indexed columns, id arrays). Such statements run on the knex's generic-plan connections
 * (core's genericPlanPool), whose session says so (plan_cache_mode). For a knex without them (a transaction), the
 * setting, which would reach every other query on the connection, is set, the statement executed and the setting
 * reset in one message, one round trip (SQL's PREPARE and EXECUTE, the values written in as literals): about 15 %
 * more CPU a list than the generic connections (2026-11-28, 16 clients).
 *
 * A statement whose table changed shape under it is run once more unprepared, and prepared again under a new name
 * next time.
 */
export async function prepared<T>(knex: Knex, text: string, values: unknown[], { generic = false } = {}): Promise<T[]> {
  const key = `${generic ? 'generic' : 'auto'}:${text}`;
  let name = names.get(key);
  if (name === undefined) names.set(key, (name = `atendo_${generic ? 'g' : 'a'}${++prepares}`));
  // On the generic-plan connections the session plans generically; elsewhere runGeneric says so for the statement.
  const pool = generic ? genericPlanPool(knex) : undefined;
  const client = knex.client as { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<unknown> };
  const connection = pool ? undefined : await client.acquireConnection();
  const on: Pick<PgClient, 'query'> = pool ?? connection!;
  try {
    return connection && generic ? await runGeneric<T>(connection, name, text, values) : ((await on.query({ name, text, values })).rows as T[]);
  } catch (error) {
    if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
    names.delete(key);
    return (await on.query({ text, values })).rows as T[];
  } finally {
    if (connection) await client.releaseConnection(connection);
  }
}

async function runGeneric<T>(connection: PgClient, name: string, text: string, values: unknown[]): Promise<T[]> {
  let known = preparedOn.get(connection);
  if (!known) preparedOn.set(connection, (known = new Set()));
  const execute = `EXECUTE ${name}${values.length ? `(${values.map(literal).join(', ')})` : ''}`;
  const run = async (prepare: boolean) => {
    const statements = ['SET plan_cache_mode = force_generic_plan', ...(prepare ? [`PREPARE ${name} AS ${text}\n` /* a text may end in a line comment */] : []), execute, 'RESET plan_cache_mode'];
    const results = await connection.query(statements.join(';\n'));
    known.add(name);
    return results[results.length - 2]!.rows as T[];
  };
  try {
    return await run(!known.has(name));
  } catch (error) {
    // A failed message stops where it failed: the setting goes back before anything else uses the connection.
    await connection.query({ text: 'RESET plan_cache_mode' });
    if ((error as { code?: string }).code !== ALREADY_PREPARED) throw error;
    return run(false);
  }
}
