export * from './company.js';
export * from './errors.js';
export * from './events.js';
export * from './permissions.js';
