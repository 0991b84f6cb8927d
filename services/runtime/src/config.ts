import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PASSWORD_HASH_COST } from '@atendo/api';
import { GENERIC_PLAN_CONNECTIONS } from '@atendo/platform';

export const ROLES = ['api', 'read', 'channels', 'jobs'] as const;
export type Role = (typeof ROLES)[number];

/** Everything Atendo reads from its environment (12-factor). Documented in the README. */
export interface Config {
  /** PostgreSQL for read models (and the event log unless EVENTSTORE_URL is set). Unset: embedded server. */
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  kafkaBrokers: string[] | undefined;
  /** Connections for the ticket and contact lists (generic plans, decision 0026), beside the pool of 20. */
  listConnections: number;
  port: number;
  /** log2 of scrypt's N for password hashes: 17 (OWASP); tests lower it, production refuses less. */
  passwordHashCost: number;
  host: string;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  logLevel: string;
  /** Signs access tokens; unset: a random one per start (sessions end at restart). */
  jwtSecret: string | undefined;
  production: boolean;
  feedRetentionEntries: number;
  /** A realtime socket whose unsent data passes this many bytes is closed; its client resumes from its last sequence. */
  realtimeMaxBufferedBytes: number;
  /** Identifies this process among others (bus groups, logs). */
  nodeId: string;
  /** The simulated WhatsApp server; unset outside production: started as a child process on simulatorPort. */
  simulatorUrl: string | undefined;
  simulatorPort: number;
  /** Tests only (refused in production): Baileys connections talk to a fake WhatsApp served by a test process. */
  fakeWhatsappUrl: string | undefined;
  /** How long the gateway waits for WhatsApp to confirm a send before its outcome counts as unknown. */
  sendTimeoutMs: number;
  /** A send whose outcome stayed unknown this long (no ack settled it) is failed with the reason. */
  deliveryBoundMs: number;
  /** A reply that keeps failing before it reaches WhatsApp (its file, the store) is tried this long, then failed with the reason. */
  sendRetryBoundMs: number;
  /** Flow blocks may reach addresses inside this installation's network (FLOW_PRIVATE_URLS; default: not in production). */
  flowPrivateUrls: boolean;
  /**
   * Encrypts the Baileys credentials at rest (WHATSAPP_AUTH_KEY: 32 bytes as hex or base64). Required in production;
   * elsewhere a key is kept in `{dataDir}/whatsapp-auth.key`.
   */
  whatsappAuthKey: string | undefined;
  /** The WhatsApp Web version Baileys announces (WA_VERSION, `2.3000.1043857760`): pinned, never fetched. */
  waVersion: [number, number, number];
  /** This gateway process's name for the session leases, stable across restarts (GATEWAY_ID, default the host name). */
  gatewayId: string;
  /** The built console (served at /); absent: the API alone. */
  webDist: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a just-rotated refresh token may come back (two tabs refreshing at once) before it counts as reuse. */
  refreshReuseGraceSeconds: number;
  /** Express's `trust proxy`: the proxies whose X-Forwarded-For gives the client's address (login limits use it). */
  trustProxy: boolean | number | string;
  /** Seed the demo company on a first start. */
  seedDemo: boolean;
  /** Where e-mail goes (`smtp://user:pass@host:587`); unset outside production: a local SMTP server read at /dev/outbox. */
  smtpUrl: string | undefined;
  /** The sender of the product's e-mail. */
  mailFrom: string;
  /** /health answers 503 when a read model's oldest unhandled event is older than this. */
  healthMaxLagSeconds: number;
  /** /health says `degraded` (still 200: one company's number is no reason to stop a node) when a connection's oldest unsent reply is older than this. */
  healthMaxOutboxSeconds: number;
  /** After SIGTERM or SIGINT the process exits within this, whatever its clients or its stops do. */
  shutdownTimeoutSeconds: number;
  /** Media files (BLOB_DIR, default `{dataDir}/media`), unless an S3-compatible bucket is configured. */
  blobDir: string;
  /** An S3-compatible bucket for media (S3_ENDPOINT and its settings); undefined: the folder. */
  s3: S3Config | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** `true`/`false`, a number of hops, or addresses and subnets (`loopback, 10.0.0.0/8`), as express reads them. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '') return 'loopback';
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^smtps?:\/\//.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

/** All of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none (S3_REGION defaults to us-east-1). */
function s3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpoint = env.S3_ENDPOINT || undefined;
  if (!endpoint) return undefined;
  if (!/^https?:\/\//.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http:// or https:// URL');
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new ConfigError(`S3_ENDPOINT is set: ${missing.join(', ')} must be set too`);
  return { endpoint, bucket: env.S3_BUCKET!, region: env.S3_REGION || 'us-east-1', accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! };
}

/** The version Baileys 7.0.0-rc14 ships with; WhatsApp refuses versions that are too old (405), so it is configurable. */
export const DEFAULT_WA_VERSION: [number, number, number] = [2, 3000, 1043857760];

function waVersion(raw: string | undefined): [number, number, number] {
  if (!raw) return DEFAULT_WA_VERSION;
  const parts = raw.split('.').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) throw new ConfigError('WA_VERSION must be three numbers, e.g. 2.3000.1043857760');
  return parts as [number, number, number];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  const eventStoreUrl = env.EVENTSTORE_URL || undefined;
  if (eventStoreUrl && !/^(esdb|esdb\+discover|kurrentdb):\/\//.test(eventStoreUrl)) {
    throw new ConfigError('EVENTSTORE_URL must be an esdb:// connection string');
  }
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET || undefined;
  if (production && !jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  // HS256 with a short secret can be brute-forced offline from any token.
  if (production && Buffer.byteLength(jwtSecret!, 'utf8') < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes when NODE_ENV=production (e.g. `openssl rand -hex 32`)');
  }
  if (production && !env.WHATSAPP_AUTH_KEY) throw new ConfigError('WHATSAPP_AUTH_KEY is required when NODE_ENV=production (32 bytes: `openssl rand -base64 32`)');
  if (production && env.FAKE_WHATSAPP_URL) throw new ConfigError('FAKE_WHATSAPP_URL is for tests and cannot be set when NODE_ENV=production');
  const dataDir = path.resolve(cwd, env.DATA_DIR || '.data');
  const passwordHashCost = integer(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, 10);
  if (passwordHashCost > 20) throw new ConfigError(`PASSWORD_HASH_COST must be from 10 to 20, got "${env.PASSWORD_HASH_COST}"`);
  if (production && passwordHashCost < DEFAULT_PASSWORD_HASH_COST) throw new ConfigError('PASSWORD_HASH_COST below 17 is for tests and cannot be set when NODE_ENV=production');
  return {
    databaseUrl,
    eventStoreUrl,
    kafkaBrokers: env.KAFKA_BROKERS ? env.KAFKA_BROKERS.split(',').map((b) => b.trim()).filter(Boolean) : undefined,
    port: integer(env, 'PORT', 8080),
    passwordHashCost,
    host: env.HOST || '0.0.0.0',
    dataDir,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    jwtSecret,
    production,
    feedRetentionEntries: integer(env, 'FEED_RETENTION_ENTRIES', 10_000, 100),
    listConnections: integer(env, 'DATABASE_LIST_CONNECTIONS', GENERIC_PLAN_CONNECTIONS, 1),
    realtimeMaxBufferedBytes: integer(env, 'REALTIME_MAX_BUFFERED_BYTES', 4 * 1024 * 1024, 64 * 1024),
    nodeId: env.NODE_ID || `${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    simulatorUrl: env.SIMULATOR_URL || undefined,
    fakeWhatsappUrl: env.FAKE_WHATSAPP_URL || undefined,
    // Next to PORT; with PORT=0 (any free port) the simulator takes any free port too.
    simulatorPort: integer(env, 'SIMULATOR_PORT', integer(env, 'PORT', 8080) === 0 ? 0 : integer(env, 'PORT', 8080) + 1),
    sendTimeoutMs: integer(env, 'WHATSAPP_SEND_TIMEOUT_MS', 10_000, 1),
    deliveryBoundMs: integer(env, 'WHATSAPP_DELIVERY_BOUND_MS', 120_000, 1_000),
    sendRetryBoundMs: integer(env, 'WHATSAPP_SEND_RETRY_BOUND_MS', 30_000, 0),
    flowPrivateUrls: flowPrivateUrls(env.FLOW_PRIVATE_URLS, production),
    whatsappAuthKey: env.WHATSAPP_AUTH_KEY || undefined,
    waVersion: waVersion(env.WA_VERSION),
    gatewayId: env.GATEWAY_ID || env.NODE_ID || os.hostname(),
    webDist: path.resolve(cwd, env.WEB_DIST || 'web/dist'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 10),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 7 * 86_400, 60),
    refreshReuseGraceSeconds: integer(env, 'REFRESH_REUSE_GRACE_SECONDS', 30),
    trustProxy: trustProxy(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== 'false',
    healthMaxLagSeconds: integer(env, 'HEALTH_MAX_LAG_SECONDS', 60, 1),
    healthMaxOutboxSeconds: integer(env, 'HEALTH_MAX_OUTBOX_SECONDS', 120, 1),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Atendo <no-reply@atendo.local>',
    blobDir: path.resolve(cwd, env.BLOB_DIR || path.join(dataDir, 'media')),
    s3: s3(env),
  };
}

export function parseRoles(value: string | undefined): Role[] {
  if (!value) return [...ROLES];
  const roles = value.split(',').map((r) => r.trim()).filter(Boolean);
  for (const r of roles) {
    if (!(ROLES as readonly string[]).includes(r)) throw new ConfigError(`Unknown role "${r}"; roles are ${ROLES.join(', ')}`);
  }
  return roles as Role[];
}

/** FLOW_PRIVATE_URLS: `allow` or `deny`; unset, allowed outside production (the simulator, local test servers) only. */
function flowPrivateUrls(value: string | undefined, production: boolean): boolean {
  if (value === undefined || value === '') return !production;
  if (value === 'allow' || value === 'deny') return value === 'allow';
  throw new ConfigError(`FLOW_PRIVATE_URLS must be allow or deny, not "${value}"`);
}
