export * from './health.js';
export * from './prompt.js';
export * from './queueIntegration.js';
export * from './errors.js';
export * from './feed.js';
export * from './realtime.js';
export * from './permissions.js';
export * from './planFlags.js';
