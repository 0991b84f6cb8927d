export * from './rating.js';
