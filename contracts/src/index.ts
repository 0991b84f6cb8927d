export * from './events.js';
export * from './errors.js';
export * from './realtime.js';
export * from './api.js';
export * from './schemas.js';
export * from './text.js';
