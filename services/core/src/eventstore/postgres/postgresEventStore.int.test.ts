import pg from 'pg';
import { createKnex } from '../../db/knex.js';
import { migrateLatest } from '../../db/migrations.js';
import { createTestDatabase } from '../../testing/database.js';
import { eventStoreContract } from '../contract.js';
import { parseStreamId } from '../streams.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgresEventStore.js';

eventStoreContract('postgres', async () => {
  const db = await createTestDatabase();
  const knex = createKnex(db.url);
  await migrateLatest(knex, eventStoreMigrations);
  await knex.destroy();
  const store = new PostgresEventStore({ connectionString: db.url, pollIntervalMs: 50 });
  const slowClients: pg.Client[] = [];
  return {
    store,
    async beginSlowAppend(streamId, events) {
      const client = new pg.Client({ connectionString: db.url });
      slowClients.push(client);
      await client.connect();
      await client.query('BEGIN');
      const payload = events.map((e) => ({ id: crypto.randomUUID(), type: e.type, v: 1, data: e.data, meta: e.metadata }));
      await client.query('SELECT * FROM atendo_append_batch($1)', [
        JSON.stringify([{ stream: streamId, company: parseStreamId(streamId).companyId, expected: -2, events: payload }]),
      ]);
      return {
        async commit() {
          await client.query('COMMIT');
          await client.end();
        },
      };
    },
    async teardown() {
      await store.close();
      for (const c of slowClients) await c.end().catch(() => undefined);
      await db.drop();
    },
  };
});
