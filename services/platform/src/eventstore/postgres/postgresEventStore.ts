import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { NewEvent, Position, RecordedEvent } from '@atendo/contracts';
import { START } from '@atendo/contracts';
import {
  PartialDuplicateError,
  StreamCompanyMismatchError,
  UnstorableEventError,
  isStorableJson,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionState,
} from '../port.js';
import { parseStreamId } from '../streams.js';
import { LogTail } from './logTail.js';

const NOTIFY_CHANNEL = 'atendo_events';
/** PostgreSQL's answer to a prepared statement whose table changed shape under it. */
const PLAN_CHANGED = '0A000';

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Connections for appends and reads. */
  poolSize?: number;
  /** Idle re-check of subscriptions when no wake-up arrives (ms). */
  pollIntervalMs?: number;
  /** LISTEN for appends made by other processes. */
  listen?: boolean;
  /** Append calls running at once; further appends are grouped into the next call (see pump). */
  maxConcurrentAppends?: number;
  /** A subscription whose read fails waits this long before the first retry, doubling up to the maximum (ms). */
  readRetryDelayMs?: number;
  maxReadRetryDelayMs?: number;
}

interface AppendRequest {
  stream: string;
  company: number;
  expected: number;
  events: Array<{ id: string; type: string; v: number; data: unknown; meta: unknown }>;
}

interface PendingAppend {
  /** The request as JSON: batches are joined from these, so each append is serialised once. */
  json: string;
  stream: string;
  ids: string[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

interface BatchRow {
  idx: number;
  status: 'ok' | 'duplicate' | 'wrong_expected_revision' | 'partial_duplicate' | 'company_mismatch';
  revision: number;
  commit_position: number | null;
  prepare_position: number | null;
}

/**
 * A log row as pg hands it over in array mode (cheaper than an object per row, which a rebuild pays 300,000
 * times): the columns of COLUMNS, or with `placementOnly` of PLACEMENT_COLUMNS, in order.
 */
type EventRow = [
  globalPosition: number,
  transactionId: number,
  streamId: string,
  streamPosition: number,
  eventId: string,
  eventType: string,
  schemaVersion: number,
  data: unknown,
  /** Milliseconds since the epoch. */
  recordedAt: number,
  metadataOrCompanyId: RecordedEvent['metadata'] | number,
  occurredAt?: string,
];

// recorded_at as whole milliseconds (what a Date holds): a number is far cheaper for pg to hand over than a
// timestamp, whose text pg parses with a regular expression, a cost every event of a rebuild pays. Counted in
// floating point, exact to the microsecond (an epoch in microseconds stays far below 2^53) and then cut to the
// millisecond: extract() counts in numeric, which cost PostgreSQL a third as much again as the whole rest of a row.
const COMMON_COLUMNS =
  "global_position, transaction_id, stream_id, stream_position, event_id, event_type, schema_version, data, floor(round(date_part('epoch', recorded_at) * 1000000) / 1000)::int8";
const COLUMNS = `${COMMON_COLUMNS}, metadata`;
const PLACEMENT_COLUMNS = `${COMMON_COLUMNS}, company_id, metadata->>'occurredAt'`;

function toRecorded(row: EventRow): RecordedEvent {
  const [globalPosition, transactionId, streamId, streamPosition, eventId, eventType, schemaVersion, data, recordedAt, metadata, occurredAt] = row;
  return {
    id: eventId,
    type: eventType,
    schemaVersion,
    data,
    metadata: typeof metadata === 'number' ? ({ companyId: metadata, occurredAt } as RecordedEvent['metadata']) : metadata,
    streamId,
    streamPosition,
    position: { commit: transactionId, prepare: globalPosition },
    recordedAt: new Date(recordedAt),
  };
}

function expectedCode(expected: ExpectedRevision): number {
  if (expected === 'no_stream') return -1;
  if (expected === 'any') return -2;
  if (expected === 'exists') return -3;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
  return expected;
}

export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  private readonly pool: pg.Pool;
  private readonly wakes = new EventEmitter();
  private listener: pg.Client | undefined;
  private listenerReady: Promise<void> | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;
  private readonly pending: PendingAppend[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  /** Names this store in its NOTIFY messages, so that its listener knows its own. */
  private readonly instance = randomUUID();
  /** The generation of the names the log reads are prepared under (a new one after the table changed shape). */
  private statements = 0;
  /** What the subscriptions read of the log lately, read from the database once for them all. */
  private readonly tail = new LogTail((after, maxCount) => this.readAll({ after, maxCount }));

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 10 });
    this.pool.on('error', () => undefined); // an idle client's connection dropped; the pool replaces it
    this.wakes.setMaxListeners(0);
    this.maxInFlight = options.maxConcurrentAppends ?? 2;
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { companyId } = parseStreamId(streamId);
    for (const e of events) {
      if (e.metadata.companyId !== companyId) throw new StreamCompanyMismatchError(streamId);
    }
    const expected = options.expectedRevision ?? 'any';
    const request: AppendRequest = {
      stream: streamId,
      company: companyId,
      expected: expectedCode(expected),
      events: events.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, v: e.schemaVersion ?? 1, data: e.data, meta: e.metadata })),
    };
    const json = JSON.stringify(request);
    // Refused here, alone, rather than by PostgreSQL inside a group of other writers' appends.
    if (!isStorableJson(json)) throw new UnstorableEventError(streamId);
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ json, stream: streamId, ids: request.events.map((e) => e.id), expected, resolve, reject });
      this.pump();
    });
  }

  /**
   * Group commit: while `maxInFlight` calls are running, further appends wait and then travel together in one
   * call and one transaction. A lone writer never waits; many writers share commits instead of queueing for them.
   */
  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.pending.length > 0) {
      const batch = this.takeBatch();
      this.inFlight++;
      this.sendBatch(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** Up to 256 waiting appends, each stream at most once (a second append to it waits for the next batch). */
  private takeBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const streams = new Set<string>();
    const rest: PendingAppend[] = [];
    for (const p of this.pending) {
      if (batch.length < 256 && !streams.has(p.stream)) {
        streams.add(p.stream);
        batch.push(p);
      } else {
        rest.push(p);
      }
    }
    this.pending.length = 0;
    this.pending.push(...rest);
    return batch;
  }

  private async sendBatch(batch: PendingAppend[]): Promise<void> {
    let rows: BatchRow[] | undefined;
    const payload = `[${batch.map((p) => p.json).join(',')}]`;
    for (let attempt = 0; !rows; attempt++) {
      try {
        ({ rows } = await this.pool.query<BatchRow>('SELECT * FROM atendo_append_batch($1)', [payload]));
      } catch (error) {
        // The whole transaction rolled back, so sending the batch again is safe.
        if ((error as { code?: string }).code === '40P01' && attempt < 3) continue;
        // One append PostgreSQL refuses must fail only itself: each goes again on its own.
        if (batch.length > 1) {
          await Promise.all(batch.map((p) => this.sendBatch([p])));
          return;
        }
        batch[0]!.reject(error);
        return;
      }
    }
    let wrote = false;
    for (const row of rows) {
      const p = batch[row.idx]!;
      const streamId = p.stream;
      switch (row.status) {
        case 'ok':
        case 'duplicate':
          wrote ||= row.status === 'ok';
          p.resolve({
            nextExpectedRevision: row.revision,
            position: { commit: row.commit_position!, prepare: row.prepare_position! },
            duplicate: row.status === 'duplicate',
            ids: p.ids,
          });
          break;
        case 'wrong_expected_revision':
          p.reject(new WrongExpectedRevisionError(streamId, p.expected, row.revision));
          break;
        case 'partial_duplicate':
          p.reject(new PartialDuplicateError(streamId));
          break;
        case 'company_mismatch':
          p.reject(new StreamCompanyMismatchError(streamId));
          break;
      }
    }
    if (wrote) this.appended();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const params: unknown[] = [streamId];
    let where = 'stream_id = $1';
    if (options.fromRevision !== undefined) {
      params.push(options.fromRevision);
      where += backwards ? ' AND stream_position <= $2' : ' AND stream_position >= $2';
    }
    let sql = `SELECT ${COLUMNS} FROM events WHERE ${where} ORDER BY stream_position ${backwards ? 'DESC' : 'ASC'}`;
    if (options.maxCount !== undefined) {
      params.push(options.maxCount);
      sql += ` LIMIT $${params.length}`;
    }
    const shape = `${backwards ? 1 : 0}${options.fromRevision === undefined ? 0 : 1}${options.maxCount === undefined ? 0 : 1}`;
    return this.prepared('atendo_read_stream', shape, sql, params);
  }

  /**
   * Runs a log read as a statement prepared once per connection, named by its shape: commands read their stream and
   * subscriptions the log after every append, and parsing and planning such a read cost PostgreSQL as much as
   * running it.
   */
  private async prepared(kind: string, shape: string, text: string, values: unknown[]): Promise<RecordedEvent[]> {
    const query = () => this.pool.query<EventRow>({ name: `${kind}_${this.statements}_${shape}`, text, values, rowMode: 'array' });
    try {
      return (await query()).rows.map(toRecorded);
    } catch (error) {
      // The events table changed shape under the prepared statement (a migration while running): prepare anew.
      if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
      this.statements++;
      return (await query()).rows.map(toRecorded);
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const params: unknown[] = [String(after.commit), after.prepare, options.maxCount ?? 1000];
    let where = '(transaction_id, global_position) > ($1::xid8, $2)';
    if (options.companyId !== undefined) {
      params.push(options.companyId);
      where = `company_id = $${params.length} AND ${where}`;
    }
    if (options.types) {
      params.push(options.types);
      where += ` AND event_type = ANY($${params.length}::text[])`;
    }
    // Only transactions older than every running one: nothing can still appear before what we return.
    const text = `SELECT ${options.placementOnly ? PLACEMENT_COLUMNS : COLUMNS} FROM events
        WHERE ${where} AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, global_position LIMIT $3`;
    const shape = `${options.companyId === undefined ? 0 : 1}${options.types ? 1 : 0}${options.placementOnly ? 1 : 0}`;
    return this.prepared('atendo_read_all', shape, text, params);
  }

  subscribe(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    if (this.options.listen !== false) void this.ensureListener();
    const subscription = new PollingSubscription(
      (after) =>
        options.companyId === undefined
          ? this.tail.readAfter(after, options.maxCount ?? 500)
          : this.readAll({ after, companyId: options.companyId, maxCount: options.maxCount ?? 500 }),
      options.after ?? START,
      options.maxCount ?? 500,
      handler,
      this.wakes,
      {
        pollIntervalMs: this.options.pollIntervalMs ?? 250,
        retryDelayMs: this.options.readRetryDelayMs ?? 100,
        maxRetryDelayMs: this.options.maxReadRetryDelayMs ?? 5000,
      },
      options.onError,
      options.onState,
    );
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /**
   * Wakes local subscriptions at once and, debounced, those of other processes: a process that only writes (an API
   * role on its own) notifies too, or the others would learn of its appends only at their next poll.
   */
  private appended(): void {
    this.wakes.emit('wake');
    if (this.options.listen !== false && !this.closed && !this.notifyTimer) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = undefined;
        this.pool.query(`NOTIFY ${NOTIFY_CHANNEL}, '${this.instance}'`).catch(() => undefined);
      }, 5);
    }
  }

  private ensureListener(): Promise<void> {
    this.listenerReady ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('error', () => {
        // The LISTEN connection dropped: polling still delivers; try to listen again later.
        this.listener = undefined;
        this.listenerReady = undefined;
      });
      // Its own notices come back too: the local subscriptions were woken at the append already, and waking them again
      // made each read the log once more for nothing.
      client.on('notification', (notice) => {
        if (notice.payload !== this.instance) this.wakes.emit('wake');
      });
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
    })().catch(() => {
      this.listenerReady = undefined;
    });
    return this.listenerReady;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    await this.listenerReady;
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}

/**
 * Reads batches after a position, hands them to the handler one at a time, and waits for a wake-up (a local
 * append or a NOTIFY) or the poll interval when it has caught up. After a wake-up that found nothing (an
 * older transaction was still open), it looks again shortly, backing off to once a second until a poll interval has
 * passed, then to the poll interval.
 */
export class PollingSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly read: (after: Position) => Promise<RecordedEvent[]>,
    private position: Position,
    private readonly maxCount: number,
    private readonly handler: (batch: RecordedEvent[]) => Promise<void>,
    wakes: EventEmitter,
    private readonly timing: { pollIntervalMs: number; retryDelayMs: number; maxRetryDelayMs: number },
    onError?: (error: unknown) => void,
    private readonly onState?: (state: SubscriptionState) => void,
  ) {
    const onWake = () => {
      this.woken = true;
      this.wakeUp?.();
    };
    wakes.on('wake', onWake);
    this.done = this.run().finally(() => wakes.off('wake', onWake));
    if (onError) this.done.catch(onError);
  }

  private async run(): Promise<void> {
    let delay = 0;
    let lookUntil = 0;
    let readFailures = 0;
    while (!this.stopped) {
      const wokenBefore = this.woken;
      this.woken = false;
      let batch: RecordedEvent[];
      try {
        batch = await this.read(this.position);
        if (readFailures > 0) {
          readFailures = 0;
          this.onState?.({ status: 'running' });
        }
      } catch (error) {
        // A dropped connection or a restarting server: back off and read again, for as long as it takes; giving
        // up would leave every reader behind with nobody told.
        readFailures++;
        this.onState?.({ status: 'retrying', error, attempt: readFailures });
        await this.sleep(Math.min(this.timing.retryDelayMs * 2 ** (readFailures - 1), this.timing.maxRetryDelayMs));
        continue;
      }
      if (this.stopped) return;
      if (batch.length > 0) {
        await this.handler(batch);
        this.position = batch[batch.length - 1]!.position;
        if (batch.length >= this.maxCount) continue;
      }
      if (this.woken) continue;
      // Something was appended (or just read): an older transaction may still be open, so look again soon, backing
      // off to a second for as long as a poll interval. The log's horizon is the whole server's oldest open
      // transaction that has written (decision 0001): another database's work can hold it for a while.
      if (wokenBefore || batch.length > 0) {
        delay = 2;
        lookUntil = Date.now() + this.timing.pollIntervalMs;
      } else delay = delay > 0 && Date.now() < lookUntil ? Math.min(delay * 2, 1024, this.timing.pollIntervalMs) : this.timing.pollIntervalMs;
      await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped || this.woken) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.done.catch(() => undefined);
  }
}
