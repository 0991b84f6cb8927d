import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { sqlMigration, type Migration } from '@atendo/platform';

/** A block's secret (an API key) as the graph keeps it: a reference to a sealed row, never the value. */
export const SECRET_PREFIX = 'secret:';
/**
 * What the console is shown of a stored secret: this, then its last four characters when it has at least
 * SECRET_HINT_MIN_LENGTH (the end of a short one is too much of it). Sent back unchanged, it keeps the secret.
 */
export const SECRET_MASK = '••••';
export const SECRET_HINT_MIN_LENGTH = 12;

/** The hint kept beside a sealed secret: its last four characters, or nothing for a short one. */
export const secretHint = (value: string): string => ([...value].length >= SECRET_HINT_MIN_LENGTH ? [...value].slice(-4).join('') : '');

export const isSecretRef = (value: unknown): boolean => typeof value === 'string' && value.startsWith(SECRET_PREFIX);

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const flowSecretMigrations: Migration[] = [
  sqlMigration(
    '202611271802_flow_secrets',
    `
        CREATE TABLE flow_secrets (
          id uuid PRIMARY KEY, company_id bigint NOT NULL, sealed bytea NOT NULL, last4 text NOT NULL, created_at timestamptz NOT NULL DEFAULT now()
        );
      `,
    'DROP TABLE flow_secrets',
  ),
  {
    // Hints kept before short secrets had none: a secret's length is its sealed length less the IV and the tag. A
    // hint of characters beyond ASCII may stand for a short secret of long characters, so it goes too.
    name: '202611290700_flow_secrets_short_hints',
    up: (knex) => knex.raw(`UPDATE flow_secrets SET last4 = '' WHERE octet_length(sealed) - ${IV_BYTES + TAG_BYTES} < ${SECRET_HINT_MIN_LENGTH} OR last4 !~ '^[ -~]*$'`),
    down: async () => undefined,
  },
];

/**
 * Secrets of flow blocks (API keys of the OpenAI block, the speech service's key …), sealed with AES-256-GCM under the
 * installation's key (WHATSAPP_AUTH_KEY, or the key file of development) in a write-side table. Events and published
 * graphs hold only `secret:<id>`; the runtime opens one when a block's outside call needs it. Each row is bound to
 * its company: another company's reference opens nothing.
 */
export class FlowSecrets {
  constructor(
    private readonly knex: Knex,
    private readonly key: Buffer,
  ) {
    if (key.length !== 32) throw new Error('FlowSecrets needs a 32-byte key');
  }

  /** Seals `value` and answers its reference. */
  async store(companyId: number, value: string): Promise<string> {
    const id = randomUUID();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${companyId}:${id}`));
    const sealed = Buffer.concat([iv, cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    await this.knex('flow_secrets').insert({ id, company_id: companyId, sealed, last4: secretHint(value) });
    return `${SECRET_PREFIX}${id}`;
  }

  /** The value of a reference of this company (a value that is no reference is itself); null when unknown. */
  async reveal(companyId: number, value: string): Promise<string | null> {
    if (!isSecretRef(value)) return value;
    const id = value.slice(SECRET_PREFIX.length);
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = (await this.knex('flow_secrets').where({ id, company_id: companyId }).first('sealed')) as { sealed: Buffer } | undefined;
    if (!row) return null;
    const sealed = row.sealed;
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`${companyId}:${id}`));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** What the console shows for each reference of this company: `••••` and its hint. */
  async masks(companyId: number, refs: string[]): Promise<Map<string, string>> {
    const ids = refs.filter(isSecretRef).map((r) => r.slice(SECRET_PREFIX.length)).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (ids.length === 0) return new Map();
    const rows = (await this.knex('flow_secrets').where({ company_id: companyId }).whereIn('id', ids).select('id', 'last4')) as Array<{ id: string; last4: string }>;
    return new Map(rows.map((r) => [`${SECRET_PREFIX}${r.id}`, `${SECRET_MASK}${r.last4}`]));
  }
}
