export * from './graph.js';
export * from './blocks.js';
export * from './events.js';
export * from './errors.js';
export * from './api.js';
export * from './conversation.js';
export * from './realtime.js';
export * from './permissions.js';
