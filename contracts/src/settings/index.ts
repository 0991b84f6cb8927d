export * from './realtime.js';
export * from './settings.js';
