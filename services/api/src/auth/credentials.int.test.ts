import { describe, expect, it } from 'vitest';
import { createKnex, migrateLatest } from '@atendo/core';
import { createTestDatabase } from '@atendo/core/testing';
import { companiesMigrations, runtimeMigrations, usersMigrations } from '@atendo/read';

const readMigrations = [...runtimeMigrations, ...companiesMigrations, ...usersMigrations];
import { credentialMigrations, Credentials } from './credentials.js';
import { refreshTokenMigrations } from './refreshTokens.js';

describe('user credentials', () => {
  it('takes over the password hashes an older installation kept in the users read model', async () => {
    const db = await createTestDatabase();
    const knex = createKnex(db.url);
    try {
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
    } finally {
      await knex.destroy();
      await db.drop();
    }
  });

  it('sets and replaces a user’s hash', async () => {
    const db = await createTestDatabase();
    const knex = createKnex(db.url);
    try {
      await migrateLatest(knex, readMigrations, refreshTokenMigrations, credentialMigrations);
      const credentials = new Credentials(knex);
      expect(await credentials.get(1)).toBeNull();
      await credentials.set(1, 'first');
      await credentials.set(1, 'second');
      expect(await credentials.get(1)).toBe('second');
    } finally {
      await knex.destroy();
      await db.drop();
    }
  });
});
