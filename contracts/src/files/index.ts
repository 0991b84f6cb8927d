export * from './fileList.js';
export * from './events.js';
export * from './errors.js';
export * from './realtime.js';
