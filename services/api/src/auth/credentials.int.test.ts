import { describe, expect, it } from 'vitest';
import { userStream } from '@atendo/core';
import { createKnex, eventStoreMigrations, migrateLatest, PostgresEventStore } from '@atendo/platform';
import { createTestDatabase } from '@atendo/platform/testing';
import type { Knex } from 'knex';
import { companiesMigrations, runtimeMigrations, usersMigrations } from '@atendo/read';

const readMigrations = [...runtimeMigrations, ...companiesMigrations, ...usersMigrations];
import { credentialMigrations, Credentials } from './credentials.js';
import { refreshTokenMigrations } from './refreshTokens.js';

/** A database of its own for one test and a connection to it, both gone afterwards whatever the test did. */
async function withDatabase(test: (knex: Knex, url: string) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const knex = createKnex(db.url);
  try {
    await test(knex, db.url);
  } finally {
    await knex.destroy();
    await db.drop();
  }
}

describe('user credentials', () => {
  it('takes over the password hashes an older installation kept in the users read model', async () => {
    await withDatabase(async (knex) => {
      // The schema as it was before the credentials table.
      const before = readMigrations.filter((m) => m.name < credentialMigrations[0]!.name);
      await migrateLatest(knex, before, refreshTokenMigrations);
      const at = new Date();
      await knex('users').insert({
        id: 7, company_id: 1, name: 'Ana', email: 'ana@x.test', password_hash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
        profile: 'admin', super: false, all_ticket: 'enabled', whatsapp_id: null, queue_ids: '[]', created_at: at, updated_at: at,
      });

      await migrateLatest(knex, readMigrations, refreshTokenMigrations, credentialMigrations);
      expect(await new Credentials(knex).get(7)).toBe('scrypt$16384$8$1$c2FsdA==$aGFzaA==');
      expect(await knex.schema.hasColumn('users', 'password_hash')).toBe(false);
      expect(await knex('users').where({ id: 7 }).first()).toMatchObject({ email: 'ana@x.test' });
    });
  });

  it('sets and replaces a user’s hash', async () => {
    await withDatabase(async (knex) => {
      await migrateLatest(knex, readMigrations, refreshTokenMigrations, credentialMigrations);
      const credentials = new Credentials(knex);
      expect(await credentials.get(1)).toBeNull();
      await credentials.set(1, 'first');
      await credentials.set(1, 'second');
      expect(await credentials.get(1)).toBe('second');
    });
  });

  it('takes the password hashes out of old events, keeping each user the newest one, and leaves the log otherwise as it was', async () => {
    await withDatabase(async (knex, url) => {
      const store = new PostgresEventStore({ connectionString: url, listen: false });
      try {
        const redaction = credentialMigrations.find((m) => m.name.includes('out_of_the_log'))!;
        await migrateLatest(knex, eventStoreMigrations, readMigrations, refreshTokenMigrations, credentialMigrations.filter((m) => m !== redaction));
        const meta = { companyId: 1, actor: { type: 'system' as const }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
        const fields = { companyId: 1, profile: 'user', super: false, allTicket: 'enabled', whatsappId: null, queueIds: [] };
        // Written as an older version of the product wrote them.
        await store.append(userStream(1, 7), [
          { type: 'UserCreated', data: { id: 7, name: 'Ana', email: 'ana@x.test', passwordHash: 'scrypt$old-7', ...fields }, metadata: meta },
          { type: 'UserUpdated', data: { id: 7, changes: { name: 'Ana Paula', passwordHash: 'scrypt$new-7' } }, metadata: meta },
        ] as never);
        await store.append(userStream(1, 8), [{ type: 'UserCreated', data: { id: 8, name: 'Bia', email: 'bia@x.test', passwordHash: 'scrypt$old-8', ...fields }, metadata: meta }] as never);
        await new Credentials(knex).set(8, 'scrypt$store-8'); // changed since: the store's is the one that counts

        await migrateLatest(knex, eventStoreMigrations, readMigrations, refreshTokenMigrations, credentialMigrations);
        // Read by stream: the whole log is read only below the server-wide xmin, which another suite's open
        // transaction on a shared server can hold back for a while.
        const log = [...(await store.readStream(userStream(1, 7))), ...(await store.readStream(userStream(1, 8)))];
        expect(JSON.stringify(log)).not.toContain('scrypt$');
        expect(log.map((e) => e.data)).toEqual([
          { id: 7, name: 'Ana', email: 'ana@x.test', ...fields },
          { id: 7, changes: { name: 'Ana Paula' } },
          { id: 8, name: 'Bia', email: 'bia@x.test', ...fields },
        ]);
        expect(await new Credentials(knex).get(7)).toBe('scrypt$new-7');
        expect(await new Credentials(knex).get(8)).toBe('scrypt$store-8');
      } finally {
        await store.close();
      }
    });
  });
});
