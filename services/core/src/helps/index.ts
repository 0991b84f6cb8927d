export * from './help.js';
