export * from './realtime.js';
export * from './settings.js';
export * from './permissions.js';
