export * from './migrations.js';
export * from './plansProjection.js';
export * from './queries.js';
