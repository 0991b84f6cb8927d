export * from './errors.js';
export * from './eventstore/port.js';
export * from './eventstore/streams.js';
export * from './eventstore/postgres/postgresEventStore.js';
export * from './eventstore/postgres/migrations.js';
export * from './db/knex.js';
export * from './db/migrations.js';
