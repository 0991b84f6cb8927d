export * from './helpRoutes.js';
