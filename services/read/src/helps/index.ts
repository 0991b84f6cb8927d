export * from './helpsProjection.js';
export * from './migrations.js';
export * from './queries.js';
