export * from './businessMinutes.js';
