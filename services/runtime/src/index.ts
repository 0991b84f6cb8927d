export * from './atendo.js';
export * from './config.js';
export * from './logger.js';
export * from './bus/port.js';
export * from './bus/inProcessBus.js';
export * from './db/database.js';
export * from './db/embeddedPostgres.js';
