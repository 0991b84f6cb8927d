export * from './database.js';
export * from './wait.js';
