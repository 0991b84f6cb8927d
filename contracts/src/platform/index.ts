export * from './errors.js';
export * from './realtime.js';
