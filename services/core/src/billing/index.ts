export * from './billing.js';
