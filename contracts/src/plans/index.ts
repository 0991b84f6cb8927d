export * from './errors.js';
export * from './events.js';
export * from './plan.js';
export * from './permissions.js';
