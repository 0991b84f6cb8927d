export * from './help.js';
export * from './permissions.js';
