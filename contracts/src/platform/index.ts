export * from './errors.js';
export * from './realtime.js';
export * from './permissions.js';
export * from './planFlags.js';
