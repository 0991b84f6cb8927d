import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, releaseUnique, uniqueStream } from '@atendo/core';
import { createKnex, eventStoreMigrations, PLATFORM_COMPANY, idMigrations, migrateLatest, PostgresEventStore, sequenceIds, type EventStore } from '@atendo/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@atendo/core/testing';
import type { Knex } from 'knex';
import { Credentials, credentialMigrations, verifyPassword } from '@atendo/api';
import { ConfigError } from './config.js';
import { seedDemo } from './seed.js';

/** The real store, made to fail from its n-th append on: a process that dies halfway through the seed. */
function dyingAfter(store: EventStore, appends: number): EventStore {
  let count = 0;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return (...args: Parameters<EventStore['append']>) => {
          if (++count > appends) return Promise.reject(new Error('the process died'));
          return target.append(...args);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const env = { ADMIN_EMAIL: 'admin@seed.test', ADMIN_PASSWORD: 'Admin-pass-123', SUPER_ADMIN_EMAIL: 'super@seed.test', SUPER_ADMIN_PASSWORD: 'Super-pass-123' };

describe('the demo seed', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let credentials: Credentials;
  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, eventStoreMigrations, idMigrations, credentialMigrations);
    credentials = new Credentials(knex);
    store = new PostgresEventStore({ connectionString: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await knex?.destroy();
    await db?.drop();
  });

  /** Events of each type in the log, once the log has settled (other test files may hold transactions open). */
  const counts = async (expected: Record<string, number>) =>
    eventually(async () => {
      const all = await store.readAll({ maxCount: 10_000 });
      const got = Object.fromEntries(Object.keys(expected).map((type) => [type, all.filter((e) => e.type === type).length]));
      expect(got).toEqual(expected);
    });

  it('finishes the same demo after a crash halfway, without a second company or user', async () => {
    const ids = sequenceIds(knex);
    await expect(seedDemo(dyingAfter(store, 6), ids, env, credentials)).rejects.toThrow('the process died');
    await counts({ CompanyCreated: 2, UserCreated: 0 });

    const seeded = await seedDemo(store, ids, env, credentials);
    expect(seeded).toMatchObject({ admin: { email: 'admin@seed.test' }, superAdmin: { email: 'super@seed.test' } });
    const admin = await eventually(async () => {
      const found = (await store.readAll({ maxCount: 10_000 })).find((e) => e.type === 'UserCreated' && (e.data as { email: string }).email === 'admin@seed.test');
      expect(found).toBeDefined();
      return found!;
    });
    expect(await verifyPassword(env.ADMIN_PASSWORD, (await credentials.get((admin.data as { id: number }).id))!)).toBe(true);
    // Claimed: two e-mails, the connection's name and the two queues' colours.
    await counts({ PlanCreated: 1, CompanyCreated: 2, QueueCreated: 2, UserCreated: 2, WhatsappCreated: 1, UniqueValueClaimed: 5 });
    expect(await seedDemo(store, ids, env, credentials)).toBeNull();
  });

  it('refuses conflicting settings with a message that says what to change', async () => {
    const ids = sequenceIds(knex);
    const same = seedDemo(store, ids, { ...env, SUPER_ADMIN_EMAIL: 'Admin@Seed.test ' }, credentials);
    await expect(same).rejects.toBeInstanceOf(ConfigError);
    await expect(same).rejects.toThrow(/ADMIN_EMAIL and SUPER_ADMIN_EMAIL are both/);
  });

  it('gives an e-mail to one user only, even when two companies race for it', async () => {
    const ids = sequenceIds(knex);
    const fields = (companyId: number) => ({
      companyId, name: 'Ana', email: 'ana@race.test', profile: 'user' as const, super: false, allTicket: 'desabled' as const, whatsappId: null, queueIds: [],
    });
    const results = await Promise.allSettled([41, 42, 43].map(async (c) => createUser(store, await ids.next('user'), fields(c), { actor: { type: 'system' } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'ERR_USER_EMAIL_ALREADY_EXISTS', status: 409 });
    }
    await expect(createUser(store, await ids.next('user'), { ...fields(44), email: 'ANA@race.test' }, { actor: { type: 'system' } })).rejects.toMatchObject({
      code: 'ERR_USER_EMAIL_ALREADY_EXISTS',
    });
    // Only its owner frees it; then it may be claimed again.
    const owner = (await store.readStream(uniqueStream(PLATFORM_COMPANY, 'userEmail', 'ana@race.test')))[0]!.data as { owner: string };
    const system = { actor: { type: 'system' as const } };
    await releaseUnique(store, { companyId: PLATFORM_COMPANY, kind: 'userEmail', value: 'ana@race.test', owner: 'user-44.1' }, system);
    await expect(createUser(store, await ids.next('user'), fields(45), system)).rejects.toMatchObject({ code: 'ERR_USER_EMAIL_ALREADY_EXISTS' });
    await releaseUnique(store, { companyId: PLATFORM_COMPANY, kind: 'userEmail', value: 'Ana@Race.test', owner: owner.owner }, system);
    await createUser(store, await ids.next('user'), fields(45), system);
  });
});
