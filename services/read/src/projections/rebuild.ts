import type { Knex } from 'knex';
import { comparePositions, START, type Position, type RecordedEvent } from '@atendo/contracts';
import { AppError, type EventStore } from '@atendo/platform';
import type { Projection } from './projection.js';

export interface RebuildProgress {
  events: number;
  position: Position;
}

export interface RebuildOptions {
  store: EventStore;
  knex: Knex;
  projection: Projection;
  /** Events read (and folded in one short transaction) at a time. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

/** How long the swap waits for readers of the live tables before it lets them go and tries again. */
const SWAP_LOCK_TIMEOUT = '1s';
const SWAP_ATTEMPTS = 10;

interface IndexRow {
  name: string;
  /** `CREATE [UNIQUE] INDEX name ON schema.table USING …` */
  definition: string;
  unique: boolean;
  /** The constraint the index enforces (primary key, unique, exclusion), if any. */
  constraint_name: string | null;
  constraint_definition: string | null;
}

interface LiveTable {
  name: string;
  /** The live table's schema, and its `"schema"."table"`. */
  schema: string;
  qualified: string;
  indexes: IndexRow[];
  /** Columns its indexes name, but for a column that is a unique key on its own (the planner knows it unique). */
  indexed: string[];
  /** Its columns, indexes and constraints as text: a migration that changes it during a rebuild changes this. */
  shape: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema a rebuild of `projection` builds in; one per projection, so a crashed rebuild's leftovers are found. */
function shadowSchema(projection: string): string {
  return `rebuild_${projection}`;
}

async function tableShape(db: Knex, qualified: string): Promise<string> {
  const { rows } = (await db.raw(
    `SELECT concat_ws(E'\\n',
       (SELECT string_agg(format('%I %s %s %s', a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid)), ', ' ORDER BY a.attnum)
          FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
         WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped),
       (SELECT string_agg(pg_get_indexdef(indexrelid), ', ' ORDER BY indexrelid::regclass::text) FROM pg_index WHERE indrelid = to_regclass(?)),
       (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ', ' ORDER BY conname) FROM pg_constraint WHERE conrelid = to_regclass(?))) AS shape`,
    [qualified, qualified, qualified],
  )) as { rows: Array<{ shape: string }> };
  return rows[0]!.shape;
}

/** Each table on a connection of its own: a dozen catalogue queries in turn held up the start of a rebuild. */
async function describeLiveTables(knex: Knex, tables: string[]): Promise<LiveTable[]> {
  return Promise.all(tables.map((table) => describeLiveTable(knex, table)));
}

async function describeLiveTable(knex: Knex, table: string): Promise<LiveTable> {
  const { rows } = (await knex.raw(
    `SELECT n.nspname AS schema, format('%I.%I', n.nspname, c.relname) AS qualified, c.oid
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.oid = to_regclass(?)`,
    [ident(table)],
  )) as { rows: Array<{ schema: string; qualified: string; oid: number }> };
  if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 404, `Read model table "${table}" does not exist: run the migrations first`);
  const { schema, qualified, oid } = rows[0];
  const foreign = (await knex.raw(`SELECT conname FROM pg_constraint WHERE contype = 'f' AND (conrelid = ? OR confrelid = ?)`, [oid, oid])) as { rows: unknown[] };
  // A swap drops the live table; a foreign key would tie it to tables the rebuild does not replace.
  if (foreign.rows.length > 0) throw new AppError('ERR_VALIDATION', 400, `Read model table "${table}" has foreign keys, which a rebuild cannot swap (decision 0011)`);
  const indexes = (await knex.raw(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition, x.indisunique AS unique,
            con.conname AS constraint_name, pg_get_constraintdef(con.oid) AS constraint_definition
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.conrelid = x.indrelid AND con.contype IN ('p', 'u', 'x')
      WHERE x.indrelid = ?
      ORDER BY x.indisprimary DESC, i.relname`,
    [oid],
  )) as { rows: IndexRow[] };
  const indexed = (await knex.raw(
    `SELECT DISTINCT a.attname AS name
       FROM pg_index x
       CROSS JOIN unnest(x.indkey::int2[]) AS k(attnum)
       JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
      WHERE x.indrelid = ? AND NOT (x.indisunique AND x.indnatts = 1)
      ORDER BY 1`,
    [oid],
  )) as { rows: Array<{ name: string }> };
  return { name: table, schema, qualified, indexes: indexes.rows, indexed: indexed.rows.map((r) => r.name), shape: await tableShape(knex, qualified) };
}

/** The statement that gives the shadow table this index (or constraint) under the live one's name. */
function shadowIndex(schema: string, table: LiveTable, index: IndexRow): string {
  const shadow = `${ident(schema)}.${ident(table.name)}`;
  if (index.constraint_name) return `ALTER TABLE ${shadow} ADD CONSTRAINT ${ident(index.constraint_name)} ${index.constraint_definition}`;
  const marker = ` ON ${table.qualified} USING `;
  if (!index.definition.includes(marker)) throw new Error(`Unexpected definition of index ${index.name}: ${index.definition}`);
  return index.definition.replace(marker, ` ON ${shadow} USING `);
}

/**
 * Empty copies of the live tables in a fresh shadow schema (a crashed rebuild's is dropped first), with the
 * unique indexes and constraints the projection's upserts rely on; other indexes come after the bulk of the rows.
 */
async function createShadowTables(knex: Knex, schema: string, tables: LiveTable[]): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
    await trx.raw(`CREATE SCHEMA ${ident(schema)}`);
    for (const table of tables) {
      await trx.raw(`CREATE TABLE ${ident(schema)}.${ident(table.name)} (LIKE ${table.qualified} INCLUDING ALL EXCLUDING INDEXES)`);
      for (const index of table.indexes.filter((i) => i.unique)) await trx.raw(shadowIndex(schema, table, index));
    }
  });
}

/**
 * Each index on a connection of its own, then the statistics of the indexed columns (ANALYZE waits for the table's
 * index builds anyway): PostgreSQL builds two at a time on two cores. Those statistics choose the lists' plans. The
 * rest (other columns, and index expressions such as the full-text words, which plans made for any searched word do
 * not consult) took longer to gather than every index took to build. An ANALYZE of some columns leaves the table due
 * for autovacuum's whole one, where autovacuum runs.
 */
async function createSecondaryIndexes(knex: Knex, schema: string, tables: LiveTable[]): Promise<void> {
  await Promise.all(
    tables.map(async (table) => {
      await Promise.all(table.indexes.filter((i) => !i.unique).map((index) => knex.raw(shadowIndex(schema, table, index))));
      const columns = table.indexed.length > 0 ? ` (${table.indexed.map(ident).join(', ')})` : '';
      await knex.raw(`ANALYZE ${ident(schema)}.${ident(table.name)}${columns}`);
    }),
  );
}

/** Unqualified table names in this transaction resolve to the shadow tables first, then to the usual ones. */
async function useShadow(trx: Knex.Transaction, schema: string): Promise<void> {
  await trx.raw(`SELECT set_config('search_path', ? || ', ' || current_setting('search_path'), true)`, [ident(schema)]);
}

interface Read {
  batch: RecordedEvent[];
  /** It came back as long as asked: more may follow. */
  full: boolean;
}

function reader(options: RebuildOptions): (after: Position) => Promise<Read> {
  const { store, projection } = options;
  const types = projection.eventTypes === '*' ? undefined : projection.eventTypes;
  const maxCount = options.batchSize ?? 40_000;
  return (after) => {
    const reading = store
      .readAll({ after, maxCount, types, placementOnly: projection.placementOnly })
      .then((batch) => ({ batch, full: batch.length === maxCount }));
    reading.catch(() => undefined); // awaited later; a step that fails first must not leave it unhandled
    return reading;
  };
}

/**
 * Reads the log after `from` in batches and folds them with `fold`, until a batch comes back short: the log is
 * then caught up to what was committed. The next batch is read while one is folded. With `lanes` > 1 each batch
 * is split by stream (`byStream`) and each lane folds its parts in order, without waiting for the other lanes:
 * a lane whose rows PostgreSQL is writing leaves Node to the others. `first` is the first batch's read, when the
 * caller started it already. Nothing is still folding when it returns or throws.
 */
async function foldLog(
  options: RebuildOptions,
  from: RebuildProgress,
  fold: (events: RecordedEvent[]) => Promise<void>,
  lanes: number,
  first?: Promise<Read>,
  barrierTypes: readonly string[] = [],
): Promise<RebuildProgress> {
  const read = reader(options);
  let { position, events } = from;
  let tails: Array<Promise<void>> = Array.from({ length: lanes }, () => Promise.resolve());
  // The batch handed to the lanes last; it counts as folded once every lane is through it.
  let queued: { done: Promise<void>; events: number; position: Position } | undefined;
  const settle = async () => {
    if (!queued) return;
    await queued.done;
    ({ position } = queued);
    events += queued.events;
    queued = undefined;
    options.onProgress?.({ events, position });
  };
  try {
    let next = first ?? read(position);
    for (;;) {
      const { batch, full } = await next;
      if (full) next = read(batch[batch.length - 1]!.position);
      if (batch.length > 0) {
        if (lanes > 1 && batch.some((e) => barrierTypes.includes(e.type))) {
          // An event that moves another stream's rows: every lane is through what came before, and this batch is
          // folded in one piece, in order.
          const before = Promise.all(tails);
          const whole = before.then(() => fold(batch));
          tails = tails.map(() => whole);
        } else {
          const parts = lanes === 1 ? [batch] : byStream(batch, lanes);
          tails = tails.map((tail, i) => tail.then(() => (parts[i]!.length > 0 ? fold(parts[i]!) : undefined)));
        }
        const settled = Promise.allSettled(tails).then((results) => {
          for (const r of results) if (r.status === 'rejected') throw r.reason;
        });
        settled.catch(() => undefined); // awaited by settle; a read that fails first must not leave it unhandled
        // The lanes go on with this batch while the one before is waited for.
        await settle();
        queued = { done: settled, events: batch.length, position: batch[batch.length - 1]!.position };
      }
      if (!full) {
        await settle();
        return { events, position };
      }
    }
  } finally {
    await Promise.allSettled(tails);
  }
}

/**
 * The switch, in one short transaction: holding the live checkpoint (the live projector waits), it folds what
 * was appended since, replaces the live tables by the shadow ones (their indexes and constraints already carry
 * the live names) and moves the checkpoint to where the rebuild stopped.
 */
async function swap(options: RebuildOptions, schema: string, tables: LiveTable[], from: RebuildProgress): Promise<RebuildProgress> {
  const { knex, projection } = options;
  return knex.transaction(async (trx) => {
    await trx.raw(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT}'`);
    await trx.raw('INSERT INTO projection_checkpoints (name) VALUES (?) ON CONFLICT (name) DO NOTHING', [projection.name]);
    const live = (await trx('projection_checkpoints').where({ name: projection.name }).forUpdate().first()) as { commit_position: number; prepare_position: number };
    await useShadow(trx, schema);
    const done = await foldLog(options, from, (events) => projection.apply(events, { trx, emit: () => undefined, rebuilding: true }), 1);
    if (tables.length > 0) {
      const liveNames = tables.map((t) => t.qualified).join(', ');
      await trx.raw(`LOCK TABLE ${liveNames} IN ACCESS EXCLUSIVE MODE`);
      for (const table of tables) {
        // The shadow copies the table as it was when the rebuild started; swapping it in would undo a migration.
        if ((await tableShape(trx, table.qualified)) !== table.shape) {
          throw new AppError('ERR_CONCURRENCY_CONFLICT', 409, `Table "${table.name}" changed while ${projection.name} was rebuilt (a migration ran?): rebuild it again`);
        }
      }
      await trx.raw(`DROP TABLE ${liveNames}`);
      for (const table of tables) await trx.raw(`ALTER TABLE ${ident(schema)}.${ident(table.name)} SET SCHEMA ${ident(table.schema)}`);
    }
    await trx.raw(`DROP SCHEMA ${ident(schema)}`);
    // With a type filter the rebuild may stop before the live checkpoint, on events it does not read.
    const livePosition = { commit: live.commit_position, prepare: live.prepare_position };
    const position = comparePositions(done.position, livePosition) > 0 ? done.position : livePosition;
    await trx('projection_checkpoints')
      .where({ name: projection.name })
      .update({ commit_position: position.commit, prepare_position: position.prepare, events_handled: done.events, updated_at: trx.fn.now() });
    // The rebuild applied every event up to here (one that failed would have failed it): none is left to retry.
    await trx('projection_dead_letters')
      .where({ projection: projection.name })
      .whereRaw('(commit_position, prepare_position) <= (?, ?)', [position.commit, position.prepare])
      .delete();
    return { events: done.events, position };
  });
}

/**
 * Parts of a batch folded at once when a projection's rows belong to one stream each: Node folds one part while
 * PostgreSQL loads and writes the other's rows, on a second core. Each part keeps its events in log order, and a
 * stream always falls in the same part, so each stream's events are folded in order across batches too.
 */
const LANES = 2;

/** The batch's events in `lanes` parts (some maybe empty), by a hash of their stream id. */
function byStream(events: RecordedEvent[], lanes: number): RecordedEvent[][] {
  const parts: RecordedEvent[][] = Array.from({ length: lanes }, () => []);
  for (const e of events) {
    let hash = 0;
    for (let i = 0; i < e.streamId.length; i++) hash = (hash * 31 + e.streamId.charCodeAt(i)) | 0;
    parts[(hash >>> 0) % lanes]!.push(e);
  }
  return parts;
}

/** Runs `work` holding the rebuild lock of `projection` on a connection of its own (no transaction stays open). */
async function withRebuildLock<T>(knex: Knex, projection: string, work: () => Promise<T>): Promise<T> {
  const client = knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> };
  const connection = (await client.acquireConnection()) as { query(sql: string, params: unknown[]): Promise<{ rows: Array<{ locked: boolean }> }> };
  const key = `atendo.rebuild.${projection}`;
  try {
    const { rows } = await connection.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [key]);
    if (!rows[0]!.locked) throw new AppError('ERR_CONCURRENCY_CONFLICT', 409, `A rebuild of ${projection} is already running`);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Rebuilds a read model from the first event without stopping the product (decision 0011): the log is folded
 * into shadow tables in short transactions while the live tables keep answering and the live projector keeps
 * them current; once caught up, the shadow tables replace the live ones in one short transaction.
 * A rebuild that dies leaves only its shadow schema, which the next rebuild drops.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildProgress> {
  const { knex, projection } = options;
  const schema = shadowSchema(projection.name);
  return withRebuildLock(knex, projection.name, async () => {
    // The first batch is read while the shadow tables are made.
    const first = reader(options)(START);
    const tables = await describeLiveTables(knex, projection.tables);
    await createShadowTables(knex, schema, tables);
    const fold = (events: RecordedEvent[]) =>
      knex.transaction(async (trx) => {
        // Rows a crash would lose are rebuilt by the next rebuild anyway: no need to wait for the disk.
        await trx.raw('SET LOCAL synchronous_commit = off');
        await useShadow(trx, schema);
        await projection.apply(events, { trx, emit: () => undefined, rebuilding: true });
      });
    const lanes = projection.rowsPerStream ? LANES : 1;
    const foldBatches = (from: RebuildProgress, parts: number, firstBatch?: Promise<Read>) => foldLog(options, from, fold, parts, firstBatch, projection.barrierTypes);
    let folded = await foldBatches({ events: 0, position: START }, lanes, first);
    await createSecondaryIndexes(knex, schema, tables);
    const { afterBulk } = projection;
    if (afterBulk) {
      await knex.transaction(async (trx) => {
        await useShadow(trx, schema);
        await afterBulk.call(projection, trx);
      });
    }
    // What was appended while the indexes were built, so that the swap itself has little left to fold. Once triggers
    // derive rows (afterBulk), in one part: two transactions would update the same derived rows.
    folded = await foldBatches(folded, afterBulk ? 1 : lanes);
    let attempt = 0;
    for (;;) {
      try {
        return await swap(options, schema, tables, folded);
      } catch (error) {
        // Readers held a live table past the lock timeout (or a deadlock chose us): they went on; try again shortly.
        const code = (error as { code?: string }).code;
        if ((code !== '55P03' && code !== '40P01') || ++attempt >= SWAP_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
}
