import { randomBytes } from 'node:crypto';
import { createKnex, migrateLatest } from '@atendo/platform';
import { createTestDatabase, type TestDatabase } from '@atendo/platform/testing';
import { Curve, proto, type SignalDataTypeMap } from '@whiskeysockets/baileys';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAuthState, parseAuthKey, whatsappAuthMigrations } from './authState.js';

describe('PgAuthState (PostgreSQL)', () => {
  let db: TestDatabase;
  let knex: Knex;
  const key = randomBytes(32);
  let store: PgAuthState;

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url);
    await migrateLatest(knex, whatsappAuthMigrations);
    store = new PgAuthState(knex, { key });
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  /** What a process that starts later sees: a new store over the same table. */
  const reopened = () => new PgAuthState(knex, { key });

  it('gives a new connection fresh credentials and keeps them, Buffers and all, once saved', async () => {
    const first = await store.load(1);
    const fresh = first.state.creds;
    expect(fresh.registered).toBe(false);
    await first.saveCreds();

    const again = (await reopened().load(1)).state.creds;
    expect(again).toEqual(fresh);
    expect(Buffer.isBuffer(again.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.signedIdentityKey.public).equals(Buffer.from(fresh.signedIdentityKey.public))).toBe(true);
    expect(again.signedPreKey.keyId).toBe(fresh.signedPreKey.keyId);
  });

  it('writes the whole credentials object on save, with what pairing added to it', async () => {
    const { state, saveCreds } = await store.load(2);
    // What Baileys does on creds.update: merges the partial update into the same object, then we save.
    Object.assign(state.creds, { me: { id: '5511955550000:7@s.whatsapp.net', lid: '99887766554433:7@lid', name: 'Loja' }, registered: true, routingInfo: Buffer.from([8, 5, 8, 8]) });
    await saveCreds();
    const loaded = (await reopened().load(2)).state.creds;
    expect(loaded.me).toEqual({ id: '5511955550000:7@s.whatsapp.net', lid: '99887766554433:7@lid', name: 'Loja' });
    expect(loaded.registered).toBe(true);
    expect(loaded.routingInfo).toEqual(Buffer.from([8, 5, 8, 8]));
    expect(loaded.noiseKey).toEqual(state.creds.noiseKey);
  });

  it('keeps the latest credentials when saves overlap', async () => {
    const { state, saveCreds } = await store.load(3);
    const saves: Array<Promise<void>> = [];
    for (let i = 1; i <= 25; i++) {
      state.creds.nextPreKeyId = i;
      saves.push(saveCreds());
    }
    await Promise.all(saves);
    expect((await reopened().load(3)).state.creds.nextPreKeyId).toBe(25);
  });

  it('sets, gets and deletes Signal keys; get returns only the ids it found', async () => {
    const { state } = await store.load(4);
    const preKey1 = Curve.generateKeyPair();
    const preKey2 = Curve.generateKeyPair();
    const session = new Uint8Array([1, 2, 3, 250]);
    const syncKey = { keyData: randomBytes(32), fingerprint: { rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] }, timestamp: 1795608000000 };
    await state.keys.set({
      'pre-key': { '1': preKey1, '2': preKey2 },
      session: { '201234567890123.0': session },
      'app-state-sync-key': { AAAAAG9n: syncKey },
      'lid-mapping': { '5511999990001': '201234567890123', '201234567890123_reverse': '5511999990001' },
    });

    const keys = (await reopened().load(4)).state.keys;
    const preKeys = await keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2']);
    expect(Buffer.from(preKeys['1']!.private).equals(Buffer.from(preKey1.private))).toBe(true);
    expect(Buffer.from((await keys.get('session', ['201234567890123.0']))['201234567890123.0']!)).toEqual(Buffer.from(session));
    expect(await keys.get('lid-mapping', ['5511999990001', '201234567890123_reverse', 'nobody'])).toEqual({ '5511999990001': '201234567890123', '201234567890123_reverse': '5511999990001' });
    expect(await keys.get('session', [])).toEqual({});

    const { AAAAAG9n: revived } = await keys.get('app-state-sync-key', ['AAAAAG9n']);
    expect(revived).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(revived!.keyData!)).toEqual(syncKey.keyData);
    expect(revived!.fingerprint).toMatchObject({ rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] });

    await keys.set({ 'pre-key': { '1': null }, session: { '201234567890123.0': new Uint8Array([9]) } });
    expect(Object.keys(await keys.get('pre-key', ['1', '2']))).toEqual(['2']);
    expect(Buffer.from((await keys.get('session', ['201234567890123.0']))['201234567890123.0']!)).toEqual(Buffer.from([9]));
  });

  it('writes a set of keys in one transaction: when one write fails, nothing of the set lands', async () => {
    const { state } = await store.load(5);
    await state.keys.set({ session: { kept: new Uint8Array([1]) } });
    const bad: { [id: string]: SignalDataTypeMap['pre-key'] | null } = { '10': Curve.generateKeyPair(), 'nul\u0000byte': Curve.generateKeyPair() };
    await expect(Promise.resolve(state.keys.set({ session: { kept: null }, 'pre-key': bad }))).rejects.toThrow();
    expect(Object.keys(await state.keys.get('session', ['kept']))).toEqual(['kept']);
    expect(await state.keys.get('pre-key', ['10'])).toEqual({});
  });

  it('keeps two connections apart, and wiping one leaves the other', async () => {
    const a = await store.load(10);
    const b = await store.load(11);
    await Promise.all([a.saveCreds(), b.saveCreds()]);
    await a.state.keys.set({ session: { same: new Uint8Array([10]) } });
    await b.state.keys.set({ session: { same: new Uint8Array([11]) } });
    expect(Buffer.from((await a.state.keys.get('session', ['same'])).same!)).toEqual(Buffer.from([10]));
    expect(Buffer.from((await b.state.keys.get('session', ['same'])).same!)).toEqual(Buffer.from([11]));

    await store.wipe(10);
    expect(await knex('whatsapp_auth').where({ whatsapp_id: 10 }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await reopened().load(10)).state.creds.noiseKey).not.toEqual(a.state.creds.noiseKey);
    expect((await reopened().load(11)).state.creds).toEqual(b.state.creds);
    expect(Buffer.from((await b.state.keys.get('session', ['same'])).same!)).toEqual(Buffer.from([11]));
  });

  it('stores nothing readable: no field names, no key bytes', async () => {
    const { state, saveCreds } = await store.load(20);
    await saveCreds();
    await state.keys.set({ 'lid-mapping': { '5511999990001': '201234567890123' } });
    const rows: Array<{ value: Buffer }> = await knex('whatsapp_auth').where({ whatsapp_id: 20 }).select('value');
    expect(rows).toHaveLength(2);
    const privateKey = Buffer.from(state.creds.noiseKey.private);
    for (const { value } of rows) {
      const text = value.toString('latin1');
      expect(text).not.toContain('"noiseKey"');
      expect(text).not.toContain('Buffer');
      expect(text).not.toContain('201234567890123');
      expect(value.includes(privateKey)).toBe(false);
      expect(text).not.toContain(privateKey.toString('base64'));
    }
  });

  it('fails loudly with a clear message under the wrong key, for credentials and for keys', async () => {
    const { state, saveCreds } = await store.load(30);
    await saveCreds();
    await state.keys.set({ session: { s: new Uint8Array([1]) } });
    const wrong = new PgAuthState(knex, { key: randomBytes(32) });
    await expect(wrong.load(30)).rejects.toThrow(/WHATSAPP_AUTH_KEY does not decrypt the stored WhatsApp credentials of connection 30/);
    const { state: other } = await wrong.load(31);
    await knex('whatsapp_auth').insert(await knex('whatsapp_auth').where({ whatsapp_id: 30, category: 'session' }).select(knex.raw('31 as whatsapp_id'), 'category', 'key_id', 'value'));
    await expect(other.keys.get('session', ['s'])).rejects.toThrow(/WHATSAPP_AUTH_KEY does not decrypt/);
  });

  it('does not decrypt a value copied into another connection’s row, even with the right key', async () => {
    const { saveCreds } = await store.load(40);
    await saveCreds();
    const row = await knex('whatsapp_auth').where({ whatsapp_id: 40, category: 'creds' }).first('value');
    await knex('whatsapp_auth').insert({ whatsapp_id: 41, category: 'creds', key_id: '', value: row.value });
    await expect(store.load(41)).rejects.toThrow(/does not decrypt/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new PgAuthState(knex, { key: randomBytes(16) })).toThrow(/32-byte key/);
  });
});

describe('parseAuthKey', () => {
  it('reads 64 hex digits or base64 of 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseAuthKey(key.toString('hex'))).toEqual(key);
    expect(parseAuthKey(` ${key.toString('base64')}\n`)).toEqual(key);
  });

  it('refuses anything else with a message that says how to make one', () => {
    expect(() => parseAuthKey('secret')).toThrow(/openssl rand -base64 32/);
    expect(() => parseAuthKey(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
  });
});
