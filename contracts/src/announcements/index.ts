export * from './announcement.js';
export * from './realtime.js';
export * from './permissions.js';
