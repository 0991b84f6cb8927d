import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type Row = Record<string, unknown>;

/**
 * From this many changed rows a flush writes them with COPY (new rows straight into the table, changed ones through
 * a staging table and an upsert): PostgreSQL parses
 * COPY's text several times faster than a JSON array of objects, which a rebuild's batches of tens of thousands of
 * rows pay for every row. Smaller flushes (a live projector's) stay one statement.
 */
const STAGE_FROM = 2_000;
/** Rows per chunk handed to the COPY stream. */
const COPY_CHUNK = 1_000;

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;

function copyText(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!) : text;
}

/** A value in COPY's text format, as the JSON path would have stored it. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return copyText(value);
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value instanceof Date ? value.toISOString() : copyText(JSON.stringify(value));
  }
}

/** Names of staging tables: unique within a session, dropped at commit. */
let staged = 0;

/**
 * Batched row access for projections: load the rows a batch touches with one query, change them in memory,
 * write them back with one upsert. Folding 500 events costs two statements instead of 500.
 * Table names are unqualified, so a rebuild's search path points them at its shadow tables.
 */
export class RowCache<R extends object> {
  private readonly rows = new Map<string, R | null>();
  private readonly dirty = new Set<string>();
  /** Keys not known to have a row in the table when set: a big flush COPYs them straight in. */
  private readonly fresh = new Set<string>();
  /** Keys whose row goes: deleted first at the flush, so a new row may take its unique values in the same batch. */
  private readonly removed = new Set<string>();

  /**
   * `inPlace`: `update` changes the cached row itself rather than a copy, sparing an object per event. Only for
   * callers that keep no earlier version of a row (a rebuild builds no feed entries from rows as they were).
   */
  constructor(
    private readonly trx: Knex.Transaction,
    private readonly table: string,
    private readonly keyColumn: keyof R & string,
    private readonly options: { inPlace?: boolean } = {},
  ) {}

  async load(keys: Iterable<string | number>): Promise<void> {
    const missing = [...new Set([...keys].map(String))].filter((k) => !this.rows.has(k));
    if (missing.length === 0) return;
    // One array parameter rather than one per key: thousands of placeholders cost more to build than the lookup.
    const { rows: found } = (await this.trx.raw('SELECT * FROM ?? WHERE ?? = ANY(?)', [this.table, this.keyColumn, missing])) as { rows: R[] };
    for (const k of missing) this.rows.set(k, null);
    for (const row of found) this.rows.set(String((row as Row)[this.keyColumn]), row);
  }

  /** The row as loaded or last set; undefined when not loaded, null when it does not exist. */
  get(key: string | number): R | null | undefined {
    return this.rows.get(String(key));
  }

  set(row: R): R {
    const key = String((row as Row)[this.keyColumn]);
    if (!this.rows.get(key)) this.fresh.add(key);
    this.removed.delete(key);
    this.rows.set(key, row);
    this.dirty.add(key);
    return row;
  }

  /** Applies a change to an existing row; a missing row is left alone and reported. */
  update(key: string | number, change: (row: R) => Partial<R>): R | null {
    const row = this.rows.get(String(key));
    if (!row) return null;
    return this.set(this.options.inPlace ? Object.assign(row, change(row)) : ({ ...row, ...change(row) } as R));
  }

  /** Removes a row (loaded or not); setting it again later in the batch brings it back. */
  delete(key: string | number): void {
    const k = String(key);
    this.rows.set(k, null);
    this.dirty.delete(k);
    this.fresh.delete(k);
    this.removed.add(k);
  }

  /**
   * Writes the changed rows. Small flushes (a live projector's) are one upsert whose rows travel as one JSON
   * parameter: cheaper to build, send and plan than a parameter per value, and JSON (jsonb) columns take their
   * values as they are. From STAGE_FROM rows, new rows are COPYed straight into the table (a rebuild's bulk: no
   * conflict to look for) and changed ones staged with COPY and upserted; should a new row exist after all (an
   * event folded again), the COPY is undone and those rows are upserted too.
   */
  async flush(): Promise<void> {
    if (this.removed.size > 0) {
      await this.trx.raw('DELETE FROM ?? WHERE ?? = ANY(?)', [this.table, this.keyColumn, [...this.removed]]);
      this.removed.clear();
    }
    const rows: R[] = [];
    const fresh: R[] = [];
    for (const key of this.dirty) {
      const row = this.rows.get(key);
      if (row) (this.fresh.has(key) ? fresh : rows).push(row);
    }
    this.dirty.clear();
    this.fresh.clear();
    if (rows.length + fresh.length === 0) return;
    const names = new Set<string>();
    for (const list of [rows, fresh]) for (const row of list) for (const column in row) names.add(column);
    const columns = [...names];
    const inserted = fresh.length >= STAGE_FROM && (await this.insertNew(columns, fresh));
    if (!inserted) rows.push(...fresh);
    if (rows.length > 0) await this.upsert(columns, rows);
  }

  /** COPYs rows that should not exist yet into the table; false (and nothing written) when one did exist. */
  private async insertNew(columns: string[], rows: R[]): Promise<boolean> {
    await this.trx.raw('SAVEPOINT rowcache_insert');
    try {
      await this.copy(this.table, columns, rows);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await this.trx.raw('ROLLBACK TO SAVEPOINT rowcache_insert');
      return false;
    }
    await this.trx.raw('RELEASE SAVEPOINT rowcache_insert');
    return true;
  }

  private async upsert(columns: string[], rows: R[]): Promise<void> {
    const list = columns.map(() => '??').join(', ');
    const updates = columns.filter((c) => c !== this.keyColumn).map(() => '?? = excluded.??').join(', ');
    const upsert = `ON CONFLICT (??) DO ${updates ? `UPDATE SET ${updates}` : 'NOTHING'}`;
    const upsertBindings = [this.keyColumn, ...columns.filter((c) => c !== this.keyColumn).flatMap((c) => [c, c])];
    if (rows.length >= STAGE_FROM) {
      const stage = `rowcache_stage_${++staged}`;
      await this.trx.raw(`CREATE TEMP TABLE ?? (LIKE ??) ON COMMIT DROP`, [stage, this.table]);
      await this.copy(stage, columns, rows);
      await this.trx.raw(`INSERT INTO ?? (${list}) SELECT ${list} FROM ?? ${upsert}`, [this.table, ...columns, ...columns, stage, ...upsertBindings]);
      return;
    }
    await this.trx.raw(
      `INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?) ${upsert}`,
      [this.table, ...columns, ...columns, this.table, JSON.stringify(rows), ...upsertBindings],
    );
  }

  /** Streams `rows` into `table` with COPY, on the transaction's own connection. */
  private async copy(table: string, columns: string[], rows: R[]): Promise<void> {
    const connection = (await this.trx.client.acquireConnection()) as pg.PoolClient;
    const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
    const chunks = function* () {
      for (let start = 0; start < rows.length; start += COPY_CHUNK) {
        let text = '';
        for (const row of rows.slice(start, start + COPY_CHUNK)) {
          const values = row as Row;
          text += columns.map((c) => copyValue(values[c])).join('\t') + '\n';
        }
        yield text;
      }
    };
    await pipeline(Readable.from(chunks()), connection.query(copyFrom(`COPY "${table.replace(/"/g, '""')}" (${quoted}) FROM STDIN`)));
  }
}
