import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import type { Knex } from 'knex';

/**
 * A WhatsApp connection's Baileys credentials and Signal keys in PostgreSQL, encrypted at rest with AES-256-GCM under
 * a key from the environment (WHATSAPP_AUTH_KEY). Whoever reads the database without that key cannot take over the
 * number. Each value is bound to its row (connection, category, key id), so a value copied into another row does not
 * decrypt either.
 */

/** Shaped like core's Migration: the composition root runs it with the others. */
export const whatsappAuthMigrations: Array<{ name: string; up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }> = [
  {
    name: '202611251100_whatsapp_auth',
    up: async (knex) => {
      await knex.raw(`
        CREATE TABLE whatsapp_auth (
          whatsapp_id bigint      NOT NULL,
          -- 'creds' (key_id '') or a Signal key category: pre-key, session, sender-key, app-state-sync-key, lid-mapping …
          category    text        NOT NULL,
          key_id      text        NOT NULL,
          -- iv (12 bytes) | auth tag (16 bytes) | AES-256-GCM ciphertext of the BufferJSON text
          value       bytea       NOT NULL,
          updated_at  timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (whatsapp_id, category, key_id)
        )`);
    },
    down: async (knex) => {
      await knex.raw('DROP TABLE whatsapp_auth');
    },
  },
];

const TABLE = 'whatsapp_auth';
const CREDS = 'creds';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Rows per INSERT: 4 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1_000;

export interface PgAuthStateOptions {
  /** 32 bytes (see parseAuthKey). */
  key: Buffer;
}

export interface LoadedAuthState {
  state: AuthenticationState;
  /** Writes the whole credentials object as it is now; call it on every `creds.update`. */
  saveCreds(): Promise<void>;
}

/** WHATSAPP_AUTH_KEY's text → the 32-byte key: 64 hex digits or base64 of 32 bytes. */
export function parseAuthKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('WHATSAPP_AUTH_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)');
  return key;
}

export class PgAuthState {
  private readonly key: Buffer;

  constructor(
    private readonly knex: Knex,
    options: PgAuthStateOptions,
  ) {
    if (!Buffer.isBuffer(options.key) || options.key.length !== 32) throw new Error('PgAuthState needs a 32-byte key (WHATSAPP_AUTH_KEY)');
    this.key = options.key;
  }

  /** The connection's state: its stored credentials, or fresh ones (written on the first saveCreds) for a new link. */
  async load(whatsappId: number): Promise<LoadedAuthState> {
    const row = await this.knex(TABLE).where({ whatsapp_id: whatsappId, category: CREDS, key_id: '' }).first('value');
    const creds = row ? (this.open(whatsappId, CREDS, '', row.value as Buffer) as AuthenticationCreds) : initAuthCreds();
    const keys: SignalKeyStore = {
      get: (type, ids) => this.getKeys(whatsappId, type, ids),
      set: (data) => this.setKeys(whatsappId, data),
      clear: () => this.wipeKeys(whatsappId),
    };
    // Saves run one after the other, each writing the object as it is when its turn comes, so a slow early save
    // never lands after (and over) a later one.
    let saving: Promise<void> = Promise.resolve();
    const saveCreds = () => {
      const run = saving.then(() => this.write(this.knex, whatsappId, [[CREDS, '', creds]]));
      saving = run.catch(() => undefined);
      return run;
    };
    return { state: { creds, keys }, saveCreds };
  }

  /** Forgets the connection's link (after a logout): the next start shows a QR code. */
  async wipe(whatsappId: number): Promise<void> {
    await this.knex(TABLE).where({ whatsapp_id: whatsappId }).delete();
  }

  private async getKeys<T extends keyof SignalDataTypeMap>(whatsappId: number, type: T, ids: string[]): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
    const found: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return found;
    const rows: Array<{ key_id: string; value: Buffer }> = await this.knex(TABLE)
      .where({ whatsapp_id: whatsappId, category: type })
      .whereIn('key_id', ids)
      .select('key_id', 'value');
    for (const row of rows) {
      let value = this.open(whatsappId, type, row.key_id, row.value);
      if (type === 'app-state-sync-key') value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
      found[row.key_id] = value as SignalDataTypeMap[T];
    }
    return found;
  }

  /** One transaction for the whole set: Signal sessions and pre-keys that half-land break decryption for good. */
  private async setKeys(whatsappId: number, data: SignalDataSet): Promise<void> {
    const upserts: Array<[string, string, unknown]> = [];
    const deletes = new Map<string, string[]>();
    for (const [category, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value !== null && value !== undefined) upserts.push([category, id, value]);
        else if (deletes.has(category)) deletes.get(category)!.push(id);
        else deletes.set(category, [id]);
      }
    }
    if (upserts.length === 0 && deletes.size === 0) return;
    await this.knex.transaction(async (trx) => {
      for (const [category, ids] of deletes) await trx(TABLE).where({ whatsapp_id: whatsappId, category }).whereIn('key_id', ids).delete();
      await this.write(trx, whatsappId, upserts);
    });
  }

  private async wipeKeys(whatsappId: number): Promise<void> {
    await this.knex(TABLE).where({ whatsapp_id: whatsappId }).whereNot({ category: CREDS }).delete();
  }

  private async write(db: Knex | Knex.Transaction, whatsappId: number, entries: Array<[string, string, unknown]>): Promise<void> {
    const rows = entries.map(([category, keyId, value]) => ({
      whatsapp_id: whatsappId,
      category,
      key_id: keyId,
      value: this.seal(whatsappId, category, keyId, value),
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await db(TABLE)
        .insert(rows.slice(i, i + INSERT_CHUNK))
        .onConflict(['whatsapp_id', 'category', 'key_id'])
        .merge({ value: db.raw('excluded.value'), updated_at: db.fn.now() });
    }
  }

  private seal(whatsappId: number, category: string, keyId: string, value: unknown): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(rowLabel(whatsappId, category, keyId));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value, BufferJSON.replacer), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  private open(whatsappId: number, category: string, keyId: string, sealed: Buffer): unknown {
    let text: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
      decipher.setAAD(rowLabel(whatsappId, category, keyId));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      text = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        `WHATSAPP_AUTH_KEY does not decrypt the stored WhatsApp credentials of connection ${whatsappId} (${category}${keyId ? ` ${keyId}` : ''}): ` +
          'the key is not the one they were written with, or the row was altered. Restore the right key, or log the connection out and link it again.',
      );
    }
    return JSON.parse(text, unpooled);
  }
}

/**
 * BufferJSON's reviver, with each Buffer copied out of Node's shared 8 KB pool: a 32-byte key cut from the pool keeps
 * the whole slab alive as long as the session lives (the channels bench measured ~5 KB a session from this alone).
 */
function unpooled(key: string, value: unknown): unknown {
  const revived = BufferJSON.reviver(key, value) as unknown;
  if (!Buffer.isBuffer(revived) || revived.buffer.byteLength === revived.length) return revived;
  const own = Buffer.allocUnsafeSlow(revived.length);
  revived.copy(own);
  return own;
}

function rowLabel(whatsappId: number, category: string, keyId: string): Buffer {
  return Buffer.from(`${whatsappId}\u0000${category}\u0000${keyId}`, 'utf8');
}
