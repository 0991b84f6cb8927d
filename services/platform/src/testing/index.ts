export * from './database.js';
export * from './wait.js';
export * from '../eventstore/contract.js';
