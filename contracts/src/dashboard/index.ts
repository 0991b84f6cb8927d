export * from './dashboard.js';
export * from './permissions.js';
