import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRoles } from './config.js';

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/atendo');
    expect(config).toMatchObject({ databaseUrl: undefined, port: 8080, dataDir: '/srv/atendo/.data', feedRetentionEntries: 10_000, production: false, trustProxy: 'loopback', refreshReuseGraceSeconds: 30, listConnections: 4 });
  });
  it('reads the 12-factor variables', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/atendo', EVENTSTORE_URL: 'esdb://es:2113?tls=false', KAFKA_BROKERS: 'k1:9092, k2:9092', PORT: '3000' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u@db/atendo', eventStoreUrl: 'esdb://es:2113?tls=false', kafkaBrokers: ['k1:9092', 'k2:9092'], port: 3000 });
  });
  it('explains what is wrong with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_LIST_CONNECTIONS: '0' })).toThrow(/DATABASE_LIST_CONNECTIONS must be a whole number ≥ 1/);
    expect(loadConfig({ DATABASE_LIST_CONNECTIONS: '8' }).listConnections).toBe(8);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
  it('requires a JWT_SECRET of at least 32 bytes in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET must be at least 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/WHATSAPP_AUTH_KEY is required/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), WHATSAPP_AUTH_KEY: 'k'.repeat(44) }).jwtSecret).toBe('x'.repeat(32));
    // The crash tests' fake WhatsApp never stands in for the real one in production.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), WHATSAPP_AUTH_KEY: 'k'.repeat(44), FAKE_WHATSAPP_URL: 'ws://127.0.0.1:1' })).toThrow(/FAKE_WHATSAPP_URL/);
    expect(loadConfig({ JWT_SECRET: 'short-secret' }).jwtSecret).toBe('short-secret');
  });
  it('lets flow blocks reach addresses inside the network outside production only, unless told', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), WHATSAPP_AUTH_KEY: 'k'.repeat(44) };
    expect(loadConfig({}).flowPrivateUrls).toBe(true);
    expect(loadConfig(prod).flowPrivateUrls).toBe(false);
    expect(loadConfig({ ...prod, FLOW_PRIVATE_URLS: 'allow' }).flowPrivateUrls).toBe(true);
    expect(loadConfig({ FLOW_PRIVATE_URLS: 'deny' }).flowPrivateUrls).toBe(false);
    expect(() => loadConfig({ FLOW_PRIVATE_URLS: 'yes' })).toThrow(/FLOW_PRIVATE_URLS must be allow or deny/);
  });
  it("hashes passwords at OWASP's cost unless told; only outside production may it be lowered", () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), WHATSAPP_AUTH_KEY: 'k'.repeat(44) };
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(loadConfig({ ...prod, PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
    expect(() => loadConfig({ ...prod, PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST below 17/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST must be a whole number/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST must be from 10 to 20/);
  });
  it('reads which proxies to trust', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2' }).trustProxy).toBe('10.0.0.0/8, 192.168.1.2');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('keeps media under DATA_DIR unless BLOB_DIR or an S3 bucket says otherwise', () => {
    expect(loadConfig({}, '/srv/atendo')).toMatchObject({ blobDir: '/srv/atendo/.data/media', s3: undefined });
    expect(loadConfig({ DATA_DIR: '/var/lib/atendo' }, '/srv/atendo').blobDir).toBe('/var/lib/atendo/media');
    expect(loadConfig({ BLOB_DIR: 'files' }, '/srv/atendo').blobDir).toBe('/srv/atendo/files');
    const s3 = { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(loadConfig(s3).s3).toEqual({ endpoint: 'https://s3.example.com', bucket: 'media', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' });
    expect(loadConfig({ ...s3, S3_REGION: 'sa-east-1' }).s3?.region).toBe('sa-east-1');
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'media' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 's3.example.com' })).toThrow(ConfigError);
  });
  it('parses roles and refuses unknown ones', () => {
    expect(parseRoles(undefined)).toEqual(['api', 'read', 'channels', 'jobs']);
    expect(parseRoles('read')).toEqual(['read']);
    expect(() => parseRoles('api,cook')).toThrow(/Unknown role "cook"/);
  });

  it('pins the WhatsApp Web version by configuration, and names the gateway process stably', () => {
    expect(loadConfig({}).waVersion).toEqual([2, 3000, 1043857760]);
    expect(loadConfig({ WA_VERSION: '2.3000.1099999999' }).waVersion).toEqual([2, 3000, 1099999999]);
    expect(() => loadConfig({ WA_VERSION: 'latest' })).toThrow(/WA_VERSION must be three numbers/);
    expect(loadConfig({ GATEWAY_ID: 'gw-1' }).gatewayId).toBe('gw-1');
    expect(loadConfig({}).gatewayId).toBe(loadConfig({}).gatewayId);
  });
});
