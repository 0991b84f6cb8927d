export * from './database.js';
export * from './wait.js';
export * from './deciderSpec.js';
