export * from './contactList.js';
export * from './events.js';
export * from './errors.js';
export * from './realtime.js';
