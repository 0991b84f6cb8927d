export * from './auth/tokens.js';
export * from './realtime/realtimeServer.js';
export * from './http/app.js';
export * from './http/errors.js';
