export * from './errors.js';
export * from './quickMessage.js';
export * from './realtime.js';
