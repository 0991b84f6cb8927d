export * from './announcement.js';
export * from './realtime.js';
