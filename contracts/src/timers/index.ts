export * from './events.js';
export * from './kinds.js';
