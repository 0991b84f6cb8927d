export * from './auth/tokens.js';
export * from './realtime/realtimeServer.js';
