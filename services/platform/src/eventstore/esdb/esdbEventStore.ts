import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type EventData,
  type JSONType,
  type Position as EsdbPosition,
  type ReadRevision,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { comparePositions, type EventMetadata, type NewEvent, type Position, type RecordedEvent } from '@atendo/contracts';
import {
  PartialDuplicateError,
  UnstorableEventError,
  isStorableJson,
  StreamCompanyMismatchError,
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

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
}

/** What goes into an event's metadata JSON: the port's metadata plus the schema version. */
type StoredMetadata = EventMetadata & { schemaVersion?: number };

/** Pages read from $all and from category streams. */
const PAGE_SIZE = 500;
/** Retries of an 'any'/'exists' append pinned to the revision its duplicate check saw. */
const PINNED_APPEND_ATTEMPTS = 10;
/** How long a company read waits for the category projection to reach this store's own appends. */
const PROJECTION_WAIT_MS = 5000;
/** Streams whose event ids this store remembers for the idempotency check (least recently used dropped). */
const KNOWN_STREAMS = 1000;

/**
 * Physical streams are `c{companyId}-{logicalStreamId}`, e.g. `c7-ticket-7.42`, so EventStoreDB's standard
 * $by_category projection (first dash) files every stream of company 7 under `$ce-c7`.
 */
function physicalStream(streamId: string): { companyId: number; physical: string } {
  const { companyId } = parseStreamId(streamId);
  return { companyId, physical: `c${companyId}-${streamId}` };
}

/** The logical stream id of a physical stream, or undefined for a stream that is not Atendo's. */
function logicalStream(physical: string): string | undefined {
  const match = /^c(\d+)-(.+)$/.exec(physical);
  if (!match) return undefined;
  try {
    return parseStreamId(match[2]!).companyId === Number(match[1]) ? match[2] : undefined;
  } catch {
    return undefined;
  }
}

function categoryStream(companyId: number): string {
  return `$ce-c${companyId}`;
}

function toPosition(position: EsdbPosition): Position {
  return { commit: Number(position.commit), prepare: Number(position.prepare) };
}

function toEsdbPosition(position: Position): EsdbPosition {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
  return BigInt(expected);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);
}

/** Maps an EventStoreDB event to the port's envelope; undefined for system events and streams not Atendo's. */
function toRecorded(event: EsdbRecordedEvent): RecordedEvent | undefined {
  if (event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
  const streamId = logicalStream(event.streamId);
  if (streamId === undefined || !isObject(event.metadata)) return undefined;
  if (!event.position) throw new Error('EventStoreDB returned an event without its position (server 22.6 or later needed)');
  const { schemaVersion, ...metadata } = event.metadata as unknown as StoredMetadata;
  return {
    id: event.id,
    type: event.type,
    schemaVersion: schemaVersion ?? 1,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamId,
    streamPosition: Number(event.revision),
    position: toPosition(event.position),
    recordedAt: event.created,
  };
}

/** What a stream holds, for the idempotency check: the revision of its last event and its event ids. */
interface StreamIds {
  revision: number;
  ids: Map<string, Position>;
}

/**
 * The event store on EventStoreDB (the scale-out engine of ARCHITECTURE.md §3). Passes `eventStoreContract`
 * except the late-commit test, which does not apply: EventStoreDB commits in log order.
 */
export class EsdbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  /** Per company, the position of the last event this store appended and no company read has seen yet. */
  private readonly unseenAppends = new Map<number, Position>();
  /** Event ids read so far per physical stream: a later check reads only the events after them. */
  private readonly knownIds = new Map<string, StreamIds>();

  constructor(options: EsdbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { companyId, physical } = physicalStream(streamId);
    for (const e of events) {
      if (e.metadata.companyId !== companyId) throw new StreamCompanyMismatchError(streamId);
    }
    const expected = options.expectedRevision ?? 'any';
    toEsdbRevision(expected); // validates a numeric revision before anything is read or written
    // Read models in PostgreSQL could not hold it: refuse it here, as the PostgreSQL store does.
    if (!events.every((e) => isStorableJson(JSON.stringify(e.data)))) throw new UnstorableEventError(streamId);
    const data: EventData[] = events.map((e) =>
      jsonEvent({
        // EventStoreDB returns ids in lower case; keep them so, or a repeated id would not be recognised.
        id: (e.id ?? randomUUID()).toLowerCase(),
        type: e.type,
        data: e.data as JSONType,
        metadata: { ...e.metadata, schemaVersion: e.schemaVersion ?? 1 } satisfies StoredMetadata,
      }),
    );
    // Ids generated here cannot be in the stream yet: no duplicate check needed.
    if (events.every((e) => e.id === undefined)) return this.write(physical, streamId, data, expected, expected);

    // EventStoreDB's own idempotency is best effort (and answers a repeat with the revision of the original
    // write), so check the ids against the stream ourselves. An 'any'/'exists' append is pinned to the revision
    // the check saw, so nothing can slip in between the check and the write.
    const ids = data.map((e) => e.id);
    for (let attempt = 1; ; attempt++) {
      const state = await this.streamIds(physical);
      const repeat = this.repeatOf(streamId, ids, state);
      if (repeat) return repeat;
      const pinned: ExpectedRevision =
        expected === 'any' || expected === 'exists'
          ? state.revision >= 0
            ? state.revision
            : expected === 'any'
              ? 'no_stream'
              : 'exists'
          : expected;
      try {
        return await this.write(physical, streamId, data, pinned, expected);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (pinned === expected) {
          // A real conflict, unless the writer that got in first wrote these very events (a redelivery).
          const again = this.repeatOf(streamId, ids, await this.streamIds(physical));
          if (again) return again;
          throw error;
        }
        if (attempt >= PINNED_APPEND_ATTEMPTS) throw error;
      }
    }
  }

  /** A duplicate result when every id is already in the stream, undefined when none is; otherwise it throws. */
  private repeatOf(streamId: string, ids: string[], state: StreamIds): AppendResult | undefined {
    const found = ids.map((id) => state.ids.get(id)).filter((p): p is Position => p !== undefined);
    if (found.length === 0) return undefined;
    if (found.length < ids.length) throw new PartialDuplicateError(streamId);
    const position = found.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
    return { duplicate: true, position, nextExpectedRevision: state.revision, ids };
  }

  private async write(
    physical: string,
    streamId: string,
    data: EventData[],
    expected: ExpectedRevision,
    reported: ExpectedRevision,
  ): Promise<AppendResult> {
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(physical, data, { expectedRevision: toEsdbRevision(expected) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, reported, actual);
      }
      throw error;
    }
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string.
      throw new WrongExpectedRevisionError(streamId, reported, (await this.streamIds(physical)).revision);
    }
    const revision = Number(result.nextExpectedRevision);
    // Readers see each event at (p, p), p its log position. The append reports (p, p) of the last event only
    // when commit and prepare agree; for several events it can report the first event's prepare, so read back.
    const position =
      result.position && result.position.commit === result.position.prepare
        ? toPosition(result.position)
        : await this.positionAt(physical, revision);
    const { companyId } = parseStreamId(streamId);
    const unseen = this.unseenAppends.get(companyId);
    if (!unseen || comparePositions(position, unseen) > 0) this.unseenAppends.set(companyId, position);
    return { nextExpectedRevision: revision, position, duplicate: false, ids: data.map((e) => e.id) };
  }

  private async positionAt(physical: string, revision: number): Promise<Position> {
    const [resolved] = await this.read(this.client.readStream(physical, { fromRevision: BigInt(revision), maxCount: 1 }));
    const position = resolved?.event?.position;
    if (!position) throw new Error(`Could not read back the position of ${physical}@${revision}`);
    return toPosition(position);
  }

  /**
   * The stream's revision and event ids, read incrementally: a stream only grows, so the ids seen by an earlier
   * check stay valid and only later events are read. Without this, every append with ids of its own (each inbound
   * message) would read the customer's whole stream.
   */
  private async streamIds(physical: string): Promise<StreamIds> {
    const known = this.knownIds.get(physical) ?? { revision: -1, ids: new Map<string, Position>() };
    this.knownIds.delete(physical);
    const reading = this.client.readStream(physical, { fromRevision: known.revision >= 0 ? BigInt(known.revision + 1) : ESDB_START });
    for (const { event } of await this.read(reading)) {
      if (!event) continue;
      known.revision = Math.max(known.revision, Number(event.revision));
      if (event.position) known.ids.set(event.id.toLowerCase(), toPosition(event.position));
    }
    this.knownIds.set(physical, known);
    if (this.knownIds.size > KNOWN_STREAMS) this.knownIds.delete(this.knownIds.keys().next().value!);
    return { revision: known.revision, ids: known.ids };
  }

  /** Drains a read; a stream that does not exist reads as empty. */
  private async read<E>(reading: AsyncIterable<E>): Promise<E[]> {
    const out: E[] = [];
    try {
      for await (const item of reading) out.push(item);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { physical } = physicalStream(streamId);
    const backwards = options.direction === 'backwards';
    const fromRevision: ReadRevision =
      options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : ESDB_START;
    const resolved = await this.read(
      this.client.readStream(physical, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      }),
    );
    return resolved.flatMap(({ event }) => {
      const recorded = event && toRecorded(event);
      return recorded ? [recorded] : [];
    });
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    if (maxCount <= 0) return [];
    const types = options.types && new Set(options.types);
    const wanted = (e: RecordedEvent) => !types || types.has(e.type);
    return options.companyId === undefined
      ? this.readGlobal(options.after, maxCount, wanted)
      : this.readCompany(options.companyId, options.after, maxCount, wanted);
  }

  /** $all forwards, strictly after `after`, without system events (the 6.x client cannot filter reads). */
  private async readGlobal(after: Position | undefined, maxCount: number, wanted: (e: RecordedEvent) => boolean): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await this.read<AllStreamResolvedEvent>(
        this.client.readAll({ fromPosition: cursor ? toEsdbPosition(cursor) : ESDB_START, maxCount: PAGE_SIZE }),
      );
      for (const { event } of page) {
        // A read from a position includes the event at that position: skip up to the cursor.
        if (!event || (cursor && comparePositions(toPosition(event.position), cursor) <= 0)) continue;
        cursor = toPosition(event.position);
        const recorded = toRecorded(event);
        if (recorded && wanted(recorded)) out.push(recorded);
        if (out.length === maxCount) return out;
      }
      if (page.length < PAGE_SIZE) return out;
    }
  }

  /**
   * One company's events from its category stream `$ce-c{companyId}` (links resolved), so other companies'
   * events are never read. The projection fills it asynchronously, shortly after the append.
   */
  private async readCompany(companyId: number, after: Position | undefined, maxCount: number, wanted: (e: RecordedEvent) => boolean): Promise<RecordedEvent[]> {
    const stream = categoryStream(companyId);
    await this.awaitCategory(companyId, stream);
    const out: RecordedEvent[] = [];
    let revision = after ? await this.firstLinkAfter(stream, after) : 0;
    for (;;) {
      const page = await this.readLinks(stream, revision, PAGE_SIZE);
      for (const resolved of page) {
        const recorded = resolved.event && toRecorded(resolved.event);
        if (recorded && wanted(recorded) && (!after || comparePositions(recorded.position, after) > 0)) {
          out.push(recorded);
          if (out.length === maxCount) return out;
        }
      }
      const last = page[page.length - 1];
      if (page.length < PAGE_SIZE || !last) return out;
      revision = Number((last.link ?? last.event)!.revision) + 1;
    }
  }

  /**
   * Waits (a bounded time) until the category stream holds the last event this store appended for the company,
   * so a process reads its own writes; after the wait it reads what is there, still a consistent prefix.
   */
  private async awaitCategory(companyId: number, stream: string): Promise<void> {
    const target = this.unseenAppends.get(companyId);
    if (!target) return;
    const deadline = Date.now() + PROJECTION_WAIT_MS;
    for (;;) {
      const [last] = await this.read(
        this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1, resolveLinkTos: true }),
      );
      const position = last?.event?.position;
      if (position && comparePositions(toPosition(position), target) >= 0) {
        if (this.unseenAppends.get(companyId) === target) this.unseenAppends.delete(companyId);
        return;
      }
      if (Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private readLinks(stream: string, fromRevision: number, maxCount: number): Promise<ResolvedEvent[]> {
    return this.read(
      this.client.readStream(stream, { fromRevision: BigInt(fromRevision), maxCount, resolveLinkTos: true }),
    );
  }

  /**
   * The first revision of a category stream whose event is after `after`: a binary search, as the category
   * stream is in log order, so paging through a large company does not rescan it from the start each time.
   */
  private async firstLinkAfter(stream: string, after: Position): Promise<number> {
    const [last] = await this.read(
      this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
    );
    const lastRevision = last?.event ? Number(last.event.revision) : -1;
    if (lastRevision < PAGE_SIZE) return 0;
    let lo = 0;
    let hi = lastRevision + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const [probe] = await this.readLinks(stream, mid, 1);
      const link = probe?.link ?? probe?.event;
      const position = probe?.event?.position;
      // A link whose event is gone (or a truncated stream): fall back to scanning from here.
      if (!link || Number(link.revision) !== mid || !position) return lo;
      if (comparePositions(toPosition(position), after) > 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  subscribe(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    const filter =
      options.companyId === undefined
        ? excludeSystemEvents()
        : streamNameFilter({ prefixes: [`c${options.companyId}-`] });
    const open = (after: Position | undefined) =>
      this.client.subscribeToAll({ fromPosition: after ? toEsdbPosition(after) : ESDB_START, filter });
    const subscription = new EsdbSubscription(open, options.after, options.maxCount ?? 500, handler, options.onError, options.onState);
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}

/**
 * A catch-up subscription to $all. Events are queued as they arrive (the source is paused when the queue is
 * long) and handed to the handler in batches of up to `maxCount`, one batch at a time. When the connection fails
 * or the server ends the subscription, it subscribes again after the last queued event, backing off (capped) for
 * as long as it takes.
 */
class EsdbSubscription implements Subscription {
  readonly done: Promise<void>;
  private readonly queue: RecordedEvent[] = [];
  private readonly highWater: number;
  private source: AllStreamSubscription;
  private stopped = false;
  private failure: { error: unknown } | undefined;
  private failures = 0;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly open: (after: Position | undefined) => AllStreamSubscription,
    /** Position of the last event queued: the subscription is exclusive of its start. */
    private last: Position | undefined,
    private readonly maxCount: number,
    private readonly handler: (batch: RecordedEvent[]) => Promise<void>,
    onError?: (error: unknown) => void,
    private readonly onState?: (state: SubscriptionState) => void,
  ) {
    this.highWater = Math.max(maxCount * 4, 1000);
    this.source = this.connect();
    this.done = this.run();
    if (onError) this.done.catch(onError);
  }

  private connect(): AllStreamSubscription {
    const source = this.open(this.last);
    source.on('confirmation', () => this.recovered(source));
    source.on('data', (resolved: AllStreamResolvedEvent) => this.receive(source, resolved));
    source.on('error', (error: Error) => this.fail(source, error));
    source.on('end', () => this.fail(source, new Error('EventStoreDB subscription ended')));
    return source;
  }

  private receive(source: AllStreamSubscription, { event }: AllStreamResolvedEvent): void {
    if (!event || source !== this.source) return;
    let recorded: RecordedEvent | undefined;
    try {
      recorded = toRecorded(event);
    } catch (error) {
      this.fail(source, error);
      return;
    }
    this.recovered(source);
    if (!recorded || (this.last && comparePositions(recorded.position, this.last) <= 0)) return;
    this.last = recorded.position;
    this.queue.push(recorded);
    if (this.queue.length >= this.highWater) source.pause();
    this.wake();
  }

  private recovered(source: AllStreamSubscription): void {
    if (this.failures === 0 || source !== this.source || this.failure) return;
    this.failures = 0;
    this.onState?.({ status: 'running' });
  }

  private fail(source: AllStreamSubscription, error: unknown): void {
    if (source !== this.source) return;
    this.failure ??= { error };
    this.wake();
  }

  private wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.queue.length === 0) {
          if (this.failure) {
            await this.resubscribe(this.failure.error);
            continue;
          }
          await new Promise<void>((resolve) => (this.wakeUp = resolve));
          continue;
        }
        const batch = this.queue.splice(0, this.maxCount);
        if (this.source.isPaused() && this.queue.length < this.highWater / 2) this.source.resume();
        await this.handler(batch);
      }
    } finally {
      await this.source.unsubscribe().catch(() => undefined);
    }
  }

  /** The queue is drained: drop the failed source and subscribe again after the last event handed over. */
  private async resubscribe(error: unknown): Promise<void> {
    this.failures++;
    this.onState?.({ status: 'retrying', error, attempt: this.failures });
    await this.source.unsubscribe().catch(() => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(100 * 2 ** (this.failures - 1), 5000));
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = undefined;
    if (this.stopped) return;
    this.failure = undefined;
    this.source = this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.done.catch(() => undefined);
  }
}
