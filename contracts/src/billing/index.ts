export * from './invoice.js';
export * from './events.js';
export * from './errors.js';
export * from './permissions.js';
export * from './realtime.js';
export * from './provider.js';
