export * from './migrations.js';
export * from './projections/projection.js';
export * from './projections/projector.js';
export * from './projections/rowCache.js';
export * from './feed/feedStore.js';
export * from './registry.js';
export * from './activity/activityProjection.js';
