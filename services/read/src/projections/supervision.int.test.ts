import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { NewEvent, RecordedEvent } from '@atendo/contracts';
import { ContactStreamService, userStream } from '@atendo/core';
import { createKnex, eventStoreMigrations, idMigrations, migrateLatest, PostgresEventStore, sequenceIds, streamId } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/platform/testing';
import { conversationDecider } from '@atendo/core/testing';
import { activityProjection } from '../activity/activityProjection.js';
import { ticketsProjection } from '../tickets/ticketsProjection.js';
import { runtimeMigrations } from '../migrations.js';
import { companiesMigrations } from '../companies/migrations.js';
import { usersMigrations } from '../users/migrations.js';
import { ticketMigrations } from '../tickets/migrations.js';
import { activityMigrations } from '../activity/activityProjection.js';

const readMigrations = [...runtimeMigrations, ...companiesMigrations, ...usersMigrations, ...ticketMigrations, ...activityMigrations];
import { usersProjection } from '../users/usersProjection.js';
import { listDeadLetters, retryDeadLetters } from './deadLetters.js';
import type { Projection } from './projection.js';
import { Projector, ProjectorGroup, ProjectionStoppedError, readCheckpoint, waitForCheckpoints } from './projector.js';
import { projectionStatus } from './status.js';

function ev(companyId: number, type: string, data: unknown = {}): NewEvent {
  return { type, data, metadata: { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() } };
}

/** Counts the events it sees, and throws on those whose data says so while `broken` holds. */
function fragile(name: string, options: { strict?: boolean } = {}) {
  const state = { broken: true, seen: [] as string[] };
  const projection: Projection = {
    name,
    tables: [],
    eventTypes: ['Noted'],
    strict: options.strict,
    async apply(events: RecordedEvent[]) {
      for (const e of events) {
        if ((e.data as { poison?: boolean }).poison && state.broken) throw new Error(`cannot note ${String((e.data as { n: number }).n)}`);
      }
      state.seen.push(...events.map((e) => String((e.data as { n: number }).n)));
    },
  };
  return { projection, state };
}

const user = (id: number, email: string) => ({
  id,
  companyId: 1,
  name: `User ${id}`,
  email,
  passwordHash: 'x',
  profile: 'user',
  super: false,
  allTicket: 'disabled',
  whatsappId: null,
  queueIds: [],
});

describe('supervised projectors', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  const retry = { attempts: 2, delayMs: 1, maxDelayMs: 5 };
  const note = (n: number, poison = false) => store.append(streamId('note', 7, n), [ev(7, 'Noted', { n, poison })]);
  /** One group polling two projectors, started: `first` over the fragile projection given, `second` over one that never fails. */
  const startGroup = async (failing: ReturnType<typeof fragile>, steadyName: string) => {
    const steady = fragile(steadyName);
    steady.state.broken = false;
    const first = new Projector({ store, knex, projection: failing.projection, retry });
    const second = new Projector({ store, knex, projection: steady.projection, retry });
    const group = new ProjectorGroup(store, [first, second], { batchSize: 10 });
    await group.start();
    return { steady, first, second, group };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, idMigrations, readMigrations);
    store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 50, readRetryDelayMs: 1, maxReadRetryDelayMs: 5 });
  });
  afterAll(async () => {
    await store.close();
    await knex.destroy();
    await db.drop();
  });

  it('dead-letters an event that keeps failing, projects the later ones, and never stops the rest of the group', async () => {
    const a = fragile('fragile_a');
    const { steady: b, first: one, second: two, group } = await startGroup(a, 'steady_b');
    await note(1);
    await note(2, true);
    await note(3);
    const last = await note(4);
    await Promise.all([one.waitFor(last.position), two.waitFor(last.position)]);
    const after = await note(5);
    await Promise.all([one.waitFor(after.position), two.waitFor(after.position)]);
    await group.stop();

    expect(a.state.seen).toEqual(expect.arrayContaining(['1', '3', '4', '5']));
    expect(a.state.seen).not.toContain('2');
    expect(b.state.seen).toEqual(['1', '2', '3', '4', '5']);
    expect([one.state.status, two.state.status]).toEqual(['running', 'running']);
    const dead = await listDeadLetters(knex, { projection: 'fragile_a' });
    expect(dead).toMatchObject([{ projection: 'fragile_a', eventType: 'Noted', streamId: 'note-7.2', error: 'cannot note 2', attempts: 2 }]);
    expect(await readCheckpoint(knex, 'fragile_a')).toEqual(after.position);
    const [status] = await projectionStatus(knex, store, ['fragile_a']);
    expect(status).toMatchObject({ name: 'fragile_a', state: 'running', deadLetters: 1, lagSeconds: 0, position: after.position });
  });

  it('replays dead letters after the fix: a failure keeps the row with its new error, success removes it', async () => {
    const a = fragile('fragile_a');
    const still = await retryDeadLetters({ store, knex, projections: [a.projection] });
    expect(still).toMatchObject([{ result: 'failed', error: 'cannot note 2' }]);
    expect(await listDeadLetters(knex)).toMatchObject([{ eventId: still[0]!.deadLetter.eventId, attempts: 3 }]);

    a.state.broken = false;
    const fixed = await retryDeadLetters({ store, knex, projections: [a.projection], projection: 'fragile_a' });
    expect(fixed).toMatchObject([{ result: 'applied', deadLetter: { streamId: 'note-7.2' } }]);
    expect(a.state.seen).toEqual(['2']);
    expect(await listDeadLetters(knex)).toEqual([]);
  });

  it('stops a strict projection on such an event, fails read-your-writes at once, and the others go on', async () => {
    const strict = fragile('strict_c', { strict: true });
    const { steady: other, first: stopping, second: going, group } = await startGroup(strict, 'steady_d');
    // It starts from the beginning of the log, so the first poison it meets is note 2.
    const poisoned = await note(6, true);
    await expect(stopping.waitFor(poisoned.position, 600_000)).rejects.toBeInstanceOf(ProjectionStoppedError);
    const later = await note(7);
    await going.waitFor(later.position);
    // Fails at once with a clear error, instead of waiting out its timeout.
    await expect(stopping.waitFor(later.position, 600_000)).rejects.toThrow(/Read model "strict_c" is stopped: Noted .*cannot note 2/);
    // A process without the projectors reads the same from the table.
    await expect(waitForCheckpoints(knex, ['strict_c', 'steady_d'], later.position, 600_000)).rejects.toBeInstanceOf(ProjectionStoppedError);
    await group.stop();

    expect(stopping.state).toMatchObject({ status: 'stopped', error: expect.stringContaining('cannot note 2') });
    expect(strict.state.seen).toEqual(['1']);
    expect(other.state.seen.slice(-2)).toEqual(['6', '7']);
    expect(await listDeadLetters(knex, { projection: 'strict_c' })).toEqual([]);
    const [status] = await projectionStatus(knex, store, ['strict_c']);
    expect(status).toMatchObject({ state: 'stopped', lastError: expect.stringContaining('cannot note 2') });
    expect(status!.position).not.toEqual(later.position);
  });

  it('never dead-letters what fails because the database is away: it retries past its attempts until it works', async () => {
    let outage = 6;
    const seen: string[] = [];
    const projection: Projection = {
      name: 'outage_f',
      tables: [],
      eventTypes: ['Noted'],
      async apply(events) {
        if (outage-- > 0) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        seen.push(...events.map((e) => String((e.data as { n: number }).n)));
      },
    };
    const projector = new Projector({ store, knex, projection, retry });
    await projector.start();
    const last = await note(10);
    await projector.waitFor(last.position);
    await projector.stop();
    expect(outage).toBeLessThan(0);
    expect(seen).toContain('10');
    expect(seen).toContain('2');
    expect(projector.state.status).toBe('running');
    expect(await listDeadLetters(knex, { projection: 'outage_f' })).toEqual([]);
  });

  it('keeps reading through a long outage of the log, showing retrying with the error, then catches up', async () => {
    const steady = fragile('steady_e');
    steady.state.broken = false;
    const projector = new Projector({ store, knex, projection: steady.projection, retry });
    await projector.start();
    await projector.waitFor((await note(8)).position);
    const attempts: number[] = [];
    const watcher = store.subscribe({ after: (await store.readAll({ maxCount: 100_000 })).at(-1)!.position, onState: (s) => s.status === 'retrying' && attempts.push(s.attempt) }, async () => undefined);

    await knex.raw('ALTER TABLE events RENAME TO events_away');
    // Well past the 20 failed reads after which a subscription used to give up.
    await eventually(() => expect(attempts.length).toBeGreaterThan(30), 10_000);
    expect(projector.state).toMatchObject({ status: 'retrying', error: expect.stringContaining('events') });
    // What other processes read (the log itself cannot be read to measure the lag just now).
    await eventually(async () =>
      expect(await knex('projection_checkpoints').where({ name: 'steady_e' }).first('state', 'last_error')).toMatchObject({ state: 'retrying', last_error: expect.stringContaining('reading the event log') }),
    );
    await knex.raw('ALTER TABLE events_away RENAME TO events');

    const back = await note(9);
    await projector.waitFor(back.position);
    expect(projector.state.status).toBe('running');
    expect(steady.state.seen.slice(-2)).toEqual(['8', '9']);
    await eventually(async () => expect((await projectionStatus(knex, store, ['steady_e']))[0]!.state).toBe('running'));
    await watcher.stop();
    await projector.stop();
  });

  it('a user event the users read model cannot store is dead-lettered, and conversations and activity keep moving', async () => {
    // The reproduction of issue 7 was two users with one e-mail against a unique index; that index is gone (the
    // write side claims e-mails now), so the poison here is a user without a name, from a schema that allowed it.
    const projectors = [usersProjection, ticketsProjection, activityProjection].map((projection) => new Projector({ store, knex, projection, retry }));
    const group = new ProjectorGroup(store, projectors);
    await group.start();
    await store.append(userStream(1, 1), [ev(1, 'UserCreated', user(1, 'ana@one.test'))]);
    const poison = await store.append(userStream(1, 2), [ev(1, 'UserCreated', { ...user(2, 'bia@one.test'), name: null })]);
    await Promise.all(projectors.map((p) => p.waitFor(poison.position)));

    const inbound = await new ContactStreamService(conversationDecider, store, sequenceIds(knex)).receive({
      companyId: 1,
      whatsappId: 1,
      queueId: null,
      messageId: 'wamid-1',
      number: '5511999990001',
      pushName: 'Bia',
      body: 'Olá',
      mediaType: 'chat',
      sentAt: new Date(),
      isGroup: false,
      quotedMessageId: null,
    });
    await Promise.all(projectors.map((p) => p.waitFor(inbound.position!)));
    const later = await store.append(userStream(1, 3), [ev(1, 'UserCreated', user(3, 'caio@one.test'))]);
    await Promise.all(projectors.map((p) => p.waitFor(later.position)));
    await group.stop();

    expect(await knex('users').orderBy('id').select('id', 'email')).toEqual([
      { id: 1, email: 'ana@one.test' },
      { id: 3, email: 'caio@one.test' },
    ]);
    expect(await knex('tickets').where({ company_id: 1 }).count('* as n').first()).toEqual({ n: 1 });
    expect(await knex('messages').where({ company_id: 1 }).select('body')).toEqual([{ body: 'Olá' }]);
    expect(Number((await knex('activity_daily').where({ company_id: 1, event_type: 'UserCreated' }).first()).events)).toBe(3);
    expect(projectors.map((p) => p.state.status)).toEqual(['running', 'running', 'running']);
    expect(await listDeadLetters(knex, { projection: 'users' })).toMatchObject([
      { eventType: 'UserCreated', streamId: 'user-1.2', error: expect.stringContaining('"name" of relation "users" violates not-null') },
    ]);
  });
});
