import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Knex } from 'knex';
import { CLOSE_TOO_SLOW, type Audience, type FeedDraft, type FeedEntry, type ServerMessage, type Viewer } from '@atendo/contracts';
import { createKnex, eventStoreMigrations, migrateLatest, PostgresEventStore, streamId } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/platform/testing';
import { appendFeedEntries, FeedStore, Projector, runtimeMigrations, type Projection } from '@atendo/read';
import { readAccessToken, signAccessToken, type AccessClaims } from '../auth/tokens.js';
import { CLOSE_UNAUTHORISED, RealtimeServer } from './realtimeServer.js';

const SECRET = 'test-secret';
// Every event becomes one feed entry; the event says who may see it.
const echo: Projection = {
  name: 'echo',
  tables: [],
  eventTypes: ['Said'],
  async apply(events, { emit }) {
    for (const e of events) {
      const data = e.data as { text: string; audience?: Audience };
      emit({ companyId: e.metadata.companyId, channel: 'ticket', payload: { action: 'update', text: data.text }, audience: data.audience ?? { kind: 'company' } });
    }
  },
};

class TestClient {
  readonly messages: ServerMessage[] = [];
  readonly ws: WebSocket;
  closed: { code: number } | undefined;
  /** Sends `auth` (with `token` and `lastSeq`) once open, unless `auth` is undefined. */
  constructor(url: string, auth?: Record<string, unknown>, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    if (auth) this.ws.on('open', () => this.send({ type: 'auth', ...auth }));
    this.ws.on('message', (raw) => this.messages.push(JSON.parse(String(raw))));
    this.ws.on('close', (code) => (this.closed = { code }));
  }
  get texts(): string[] {
    return this.messages.flatMap((m) => (m.type === 'entry' && m.payload.text !== undefined ? [String(m.payload.text)] : []));
  }
  get lastSeq(): number {
    return Math.max(0, ...this.messages.flatMap((m) => (m.type === 'entry' || m.type === 'ready' ? [m.seq] : [])));
  }
  send = (message: unknown) => this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  ready = () => eventually(() => expect(this.messages.some((m) => m.type === 'ready')).toBe(true));
  close = () => new Promise<void>((r) => (this.ws.readyState === WebSocket.CLOSED ? r() : (this.ws.once('close', () => r()), this.ws.close())));
}

describe('realtime feed over WebSocket', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let projector: Projector;
  let server: http.Server;
  let realtime: RealtimeServer;
  let base: string;
  const viewers = new Map<number, Viewer>();
  const clients: TestClient[] = [];

  const token = (userId: number, overrides: Partial<AccessClaims> = {}) => {
    const v = viewers.get(userId)!;
    return signAccessToken({ userId, companyId: v.companyId, profile: v.profile, super: false, ...overrides }, SECRET, 300);
  };
  const connect = (userId: number, lastSeq?: number, options?: WebSocket.ClientOptions, auth: Record<string, unknown> = { token: token(userId) }) => {
    const c = new TestClient(`${base}/socket`, { ...auth, lastSeq }, options);
    clients.push(c);
    return c;
  };
  /** Where a client of `userId` that connected, was told it is up to date and went away stands in the feed. */
  const leftAt = async (userId: number) => {
    const c = connect(userId);
    await c.ready();
    const seq = c.lastSeq;
    await c.close();
    return seq;
  };
  const writeFeed = (drafts: FeedDraft[]) => knex.transaction((trx) => appendFeedEntries(trx, drafts));
  const say = async (companyId: number, text: string, audience?: Audience) => {
    const r = await store.append(streamId('talk', companyId, 1), [
      { type: 'Said', data: { text, audience }, metadata: { companyId, actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() } },
    ]);
    await projector.waitFor(r.position);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, runtimeMigrations);
    store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 50 });
    viewers.set(1, { userId: 1, companyId: 1, profile: 'admin', super: false, queueIds: [] });
    viewers.set(2, { userId: 2, companyId: 2, profile: 'admin', super: false, queueIds: [] });
    viewers.set(3, { userId: 3, companyId: 1, profile: 'user', super: false, queueIds: [10] });
    viewers.set(4, { userId: 4, companyId: 1, profile: 'user', super: false, queueIds: [20] });
    viewers.set(5, { userId: 5, companyId: 1, profile: 'user', super: false, queueIds: [] });
    viewers.set(50, { userId: 50, companyId: 5, profile: 'admin', super: false, queueIds: [] });
    server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    realtime = new RealtimeServer({
      server,
      verifyToken: (t) => readAccessToken(t, SECRET),
      loadViewer: async (claims) => viewers.get(claims.userId) ?? null,
      companyRefusal: async () => null,
      feed: new FeedStore(knex),
      pingIntervalMs: 150,
      gapCheckIntervalMs: 100,
      authTimeoutMs: 300,
    });
    projector = new Projector({ store, knex, projection: echo, onCommitted: (entries: FeedEntry[]) => realtime.deliver(entries) });
    await projector.start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await projector.stop();
    await realtime.close();
    await new Promise((r) => server.close(r));
    await store.close();
    await knex.destroy();
    await db.drop();
  });

  it('delivers each company’s entries to that company’s sockets only', async () => {
    const a = connect(1);
    const b = connect(2);
    await Promise.all([a.ready(), b.ready()]);
    await say(1, 'for company 1');
    await say(2, 'for company 2');
    await say(1, 'again for 1');
    await eventually(() => expect(a.texts).toEqual(['for company 1', 'again for 1']));
    await eventually(() => expect(b.texts).toEqual(['for company 2']));
    await new Promise((r) => setTimeout(r, 150));
    expect(b.texts).toEqual(['for company 2']);
    const entry = a.messages.find((m) => m.type === 'entry');
    expect(entry).toMatchObject({ event: 'company-1-ticket', payload: { action: 'update' } });
    await Promise.all([a.close(), b.close()]);
  });

  it('delivers to a user only what the user may see', async () => {
    const admin = connect(1);
    const queue10 = connect(3);
    const queue20 = connect(4);
    await Promise.all([admin.ready(), queue10.ready(), queue20.ready()]);
    await say(1, 'ticket in queue 10', { kind: 'ticket', queueId: 10, userIds: [] });
    await say(1, 'ticket of user 4 in queue 10', { kind: 'ticket', queueId: 10, userIds: [4] });
    await say(1, 'admins only', { kind: 'admins' });
    await say(1, 'just user 3', { kind: 'users', userIds: [3] });
    await say(1, 'everyone');
    await eventually(() => expect(admin.texts).toHaveLength(5));
    await eventually(() => expect(queue10.texts).toEqual(['ticket in queue 10', 'ticket of user 4 in queue 10', 'just user 3', 'everyone']));
    await eventually(() => expect(queue20.texts).toEqual(['ticket of user 4 in queue 10', 'everyone']));
    await Promise.all([admin.close(), queue10.close(), queue20.close()]);
  });

  it('replays every entry a client missed while away, exactly once and in order, then goes on live', async () => {
    const c = connect(1);
    await c.ready();
    await say(1, 'before drop');
    await eventually(() => expect(c.texts).toEqual(['before drop']));
    const acknowledged = c.lastSeq;
    await c.close();

    const missed = Array.from({ length: 30 }, (_, i) => `missed ${i}`);
    for (const text of missed) await say(1, text);

    const back = connect(1, acknowledged);
    await back.ready();
    await say(1, 'live after reconnect');
    await eventually(() => expect(back.texts).toEqual([...missed, 'live after reconnect']));
    const seqs = back.messages.flatMap((m) => (m.type === 'entry' ? [m.seq] : []));
    expect(seqs).toEqual(Array.from({ length: 31 }, (_, i) => acknowledged + 1 + i));
    await back.close();
  });

  it('keeps order and loses nothing when entries are produced while the client resumes', async () => {
    const from = await leftAt(1);
    const writing = (async () => {
      for (let i = 0; i < 40; i++) await say(1, `burst ${i}`);
    })();
    await new Promise((r) => setTimeout(r, 30));
    const back = connect(1, from);
    await writing;
    await eventually(() => expect(back.texts).toEqual(Array.from({ length: 40 }, (_, i) => `burst ${i}`)));
    await back.close();
  });

  it('tells a client to reload when retention no longer holds what it missed', async () => {
    const from = await leftAt(1);
    for (let i = 0; i < 5; i++) await say(1, `old ${i}`);
    await new FeedStore(knex).prune(2);
    const back = connect(1, from);
    await eventually(() => expect(back.messages.map((m) => m.type)).toEqual(['reload', 'ready']));
    await say(1, 'after reload');
    await eventually(() => expect(back.texts).toEqual(['after reload']));
    await back.close();
  });

  it('closes a socket whose token is missing, forged or expired, or names a user who is gone', async () => {
    const silent = new TestClient(`${base}/socket`);
    const inUrl = new TestClient(`${base}/socket?token=${token(1)}`);
    const notAuth = new TestClient(`${base}/socket`, undefined);
    notAuth.ws.on('open', () => notAuth.send({ type: 'ack', seq: 1 }));
    const garbage = new TestClient(`${base}/socket`, undefined);
    garbage.ws.on('open', () => garbage.send('{oops'));
    const forged = new TestClient(`${base}/socket`, { token: `${token(1)}x` });
    const expired = new TestClient(`${base}/socket`, {
      token: signAccessToken({ userId: 1, companyId: 1, profile: 'admin', super: false }, SECRET, 1, Date.now() - 5000),
    });
    const ghost = new TestClient(`${base}/socket`, { token: signAccessToken({ userId: 999, companyId: 1, profile: 'admin', super: false }, SECRET, 300) });
    for (const c of [silent, inUrl, notAuth, garbage, forged, expired, ghost]) {
      await eventually(() => expect(c.closed?.code).toBe(CLOSE_UNAUTHORISED));
      expect(c.messages).toEqual([{ type: 'error', error: 'ERR_SESSION_EXPIRED' }]);
    }
  });

  it('closes a socket when its token expires, unless a fresh token extended it', async () => {
    const now = Date.now();
    const short = signAccessToken({ userId: 1, companyId: 1, profile: 'admin', super: false }, SECRET, 2, now);
    const lapsing = connect(1, undefined, undefined, { token: short });
    const extended = connect(1, undefined, undefined, { token: short });
    await Promise.all([lapsing.ready(), extended.ready()]);
    extended.send({ type: 'auth', token: token(1) });
    await eventually(() => expect(lapsing.closed?.code).toBe(CLOSE_UNAUTHORISED), 5000);
    expect(lapsing.messages.at(-1)).toEqual({ type: 'error', error: 'ERR_SESSION_EXPIRED' });
    await say(1, 'after the first token expired');
    await eventually(() => expect(extended.texts).toEqual(['after the first token expired']));
    expect(extended.closed).toBeUndefined();

    // A token of another user does not extend a socket: it closes it.
    extended.send({ type: 'auth', token: token(3) });
    await eventually(() => expect(extended.closed?.code).toBe(CLOSE_UNAUTHORISED));
  });

  it('closes the sockets of a user who is deleted', async () => {
    const c = connect(5);
    const other = connect(3);
    await Promise.all([c.ready(), other.ready()]);
    viewers.delete(5);
    await writeFeed([{ companyId: 1, channel: 'user', payload: { action: 'delete', userId: 5 }, audience: { kind: 'company' } }]);
    await eventually(() => expect(c.closed?.code).toBe(CLOSE_UNAUTHORISED));
    expect(c.messages.at(-1)).toEqual({ type: 'error', error: 'ERR_SESSION_EXPIRED' });
    await say(1, 'others go on');
    await eventually(() => expect(other.texts).toEqual(['others go on']));
    expect(other.closed).toBeUndefined();
    await other.close();
  });

  it('answers a lastSeq the feed never reached with a reload, then delivers what comes next', async () => {
    const current = await leftAt(1);
    const back = connect(1, current + 50);
    await eventually(() => expect(back.messages).toEqual([{ type: 'reload', reason: 'ahead' }, { type: 'ready', seq: current }]));
    await say(1, 'next one');
    await eventually(() => expect(back.texts).toEqual(['next one']));
    await back.close();
  });

  it('drops a socket that reads too slowly past the buffer bound; it resumes from its last sequence', async () => {
    // A server of its own, whose pings do not drop the paused client first.
    const own = http.createServer();
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
    const ownBase = `ws://127.0.0.1:${(own.address() as AddressInfo).port}`;
    const bounded = new RealtimeServer({
      server: own,
      verifyToken: (t) => readAccessToken(t, SECRET),
      loadViewer: async (claims) => viewers.get(claims.userId) ?? null,
      companyRefusal: async () => null,
      feed: new FeedStore(knex),
      pingIntervalMs: 60_000,
      maxBufferedBytes: 512 * 1024,
    });
    const open = (lastSeq?: number) => {
      const c = new TestClient(`${ownBase}/socket`, { token: token(50), lastSeq });
      clients.push(c);
      return c;
    };
    const healthy = open();
    const slow = open();
    await Promise.all([healthy.ready(), slow.ready()]);
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // Written in bursts below the bound, which the healthy client reads as they come; in all far more than the
    // kernel's socket buffers hold, so the slow client's share piles up in the server's send buffer.
    const big = 'x'.repeat(64 * 1024);
    const texts = Array.from({ length: 256 }, (_, i) => `${i} ${big}`);
    for (let i = 0; i < texts.length; i += 4) {
      const burst = texts.slice(i, i + 4);
      bounded.deliver(await writeFeed(burst.map((text) => ({ companyId: 5, channel: 'ticket', payload: { action: 'update', text }, audience: { kind: 'company' } }))));
      await eventually(() => expect(healthy.texts).toHaveLength(i + burst.length));
    }
    expect(healthy.closed).toBeUndefined();

    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await eventually(() => expect(slow.closed?.code).toBe(CLOSE_TOO_SLOW), 20_000);
    expect(slow.texts.length).toBeLessThan(texts.length);
    const back = open(slow.lastSeq);
    await eventually(() => expect([...slow.texts, ...back.texts]).toEqual(texts), 20_000);
    await Promise.all([healthy.close(), back.close()]);
    await bounded.close();
    await new Promise((r) => own.close(r));
  }, 60_000);

  it('pings sockets and drops one that stopped answering', async () => {
    const healthy = connect(1);
    const silent = connect(1, undefined, { autoPong: false });
    let pings = 0;
    healthy.ws.on('ping', () => pings++);
    await Promise.all([healthy.ready(), silent.ready()]);
    await eventually(() => expect(silent.closed).toBeDefined(), 3000);
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(healthy.closed).toBeUndefined();
    await healthy.close();
  });

  it('recovers an entry the bus never brought', async () => {
    const c = connect(1);
    await c.ready();
    // Written straight to the feed, as if its bus message were lost: the periodic check finds it.
    await knex.transaction(async (trx) => {
      const { appendFeedEntries } = await import('@atendo/read');
      await appendFeedEntries(trx, [{ companyId: 1, channel: 'ticket', payload: { action: 'update', text: 'lost on the bus' }, audience: { kind: 'company' } }]);
    });
    await eventually(() => expect(c.texts).toEqual(['lost on the bus']));
    await c.close();
  });

  it('follows a user’s queue change: entries of a queue they left stop arriving', async () => {
    const c = connect(3); // a user of queue 10
    await c.ready();
    await say(1, 'queue 10 before', { kind: 'ticket', queueId: 10, userIds: [] });
    await eventually(() => expect(c.texts).toEqual(['queue 10 before']));
    viewers.set(3, { userId: 3, companyId: 1, profile: 'user', super: false, queueIds: [20] });
    await knex.transaction(async (trx) => {
      const { appendFeedEntries } = await import('@atendo/read');
      await appendFeedEntries(trx, [{ companyId: 1, channel: 'user', payload: { action: 'update', id: 3 }, audience: { kind: 'company' } }]);
    });
    await say(1, 'queue 10 after', { kind: 'ticket', queueId: 10, userIds: [] });
    await say(1, 'queue 20 after', { kind: 'ticket', queueId: 20, userIds: [] });
    await eventually(() => expect(c.texts).toEqual(['queue 10 before', 'queue 20 after']));
    await c.close();
  });
});
