export * from './schedule.js';
export * from './events.js';
export * from './errors.js';
export * from './render.js';
export * from './realtime.js';
export * from './planFlags.js';
