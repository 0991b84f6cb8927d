export * from './errors.js';
export * from './events.js';
export * from './queue.js';
export * from './realtime.js';
export * from './permissions.js';
