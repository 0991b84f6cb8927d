import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseRoles } from './config.js';

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/atendo');
    expect(config).toMatchObject({ databaseUrl: undefined, port: 8080, dataDir: '/srv/atendo/.data', feedRetentionEntries: 10_000, production: false });
  });
  it('reads the 12-factor variables', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/atendo', EVENTSTORE_URL: 'esdb://es:2113?tls=false', KAFKA_BROKERS: 'k1:9092, k2:9092', PORT: '3000' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u@db/atendo', eventStoreUrl: 'esdb://es:2113?tls=false', kafkaBrokers: ['k1:9092', 'k2:9092'], port: 3000 });
  });
  it('explains what is wrong with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
  it('parses roles and refuses unknown ones', () => {
    expect(parseRoles(undefined)).toEqual(['api', 'read', 'channels']);
    expect(parseRoles('read')).toEqual(['read']);
    expect(() => parseRoles('api,cook')).toThrow(/Unknown role "cook"/);
  });
});
