import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { ConnectionTokens, connectionTokenMigrations } from './connectionTokens.js';

describe("connections' API tokens in PostgreSQL", () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 2 } });
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  it('a token stored in plain before keeps working once the table holds hashes; an empty or a shared one authorises nothing, as before', async () => {
    const [plain, ...later] = connectionTokenMigrations;
    await plain!.up(knex);
    await knex('whatsapp_tokens').insert([
      { whatsapp_id: 1, company_id: 1, token: 'k' },
      { whatsapp_id: 2, company_id: 1, token: '' },
      { whatsapp_id: 3, company_id: 2, token: 'shared-token-of-two' },
      { whatsapp_id: 4, company_id: 3, token: 'shared-token-of-two' },
      { whatsapp_id: 5, company_id: 3, token: 'legacy-token-0123456789abcdef' },
    ]);
    for (const m of later) await m.up(knex);
    const tokens = new ConnectionTokens(knex);
    expect(await tokens.byToken('k')).toEqual({ companyId: 1, whatsappId: 1 });
    expect(await tokens.byToken('legacy-token-0123456789abcdef')).toEqual({ companyId: 3, whatsappId: 5 });
    expect(await tokens.byToken('shared-token-of-two')).toBeNull();
    expect(await tokens.byToken('')).toBeNull();
    // A short token's end would be most of it: only a long one shows its last four.
    expect([await tokens.shown(1, 1), await tokens.shown(3, 5), await tokens.shown(1, 2)]).toEqual(['••••', '••••cdef', '']);
    expect(JSON.stringify(await knex('whatsapp_tokens').select())).not.toMatch(/"k"|shared-token|legacy-token/);
  });

  it('a new token is 32 random bytes, replaces the connection’s old one, and is its own', async () => {
    const tokens = new ConnectionTokens(knex);
    const made = await tokens.generate(3, 5);
    expect(Buffer.from(made, 'base64url')).toHaveLength(32);
    expect(await tokens.byToken(made)).toEqual({ companyId: 3, whatsappId: 5 });
    expect(await tokens.byToken('legacy-token-0123456789abcdef')).toBeNull();
    expect(await tokens.shown(3, 5)).toBe(`••••${made.slice(-4)}`);
    expect(await tokens.generate(1, 1)).not.toBe(made);
  });
});
