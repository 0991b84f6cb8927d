export * from './migrations.js';
export * from './queries.js';
export * from './billingProjection.js';
