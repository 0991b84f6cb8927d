/**
 * The platform every side stands on (decision 0049): the event store's port and its adapters, the database's
 * connections and migrations, numeric ids and the error a person can act on. No feature lives here, and nothing
 * here imports the write side (@atendo/core), the read side or the API.
 */
export * from './errors.js';
export * from './eventstore/port.js';
export * from './eventstore/streams.js';
export * from './eventstore/postgres/postgresEventStore.js';
export * from './eventstore/postgres/migrations.js';
export * from './db/knex.js';
export * from './db/migrations.js';
export * from './ids/idAllocator.js';
