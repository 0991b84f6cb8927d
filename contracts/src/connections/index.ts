export * from './connection.js';
export * from './errors.js';
export * from './events.js';
export * from './realtime.js';
export * from './permissions.js';
