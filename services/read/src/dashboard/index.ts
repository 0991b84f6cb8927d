export * from './migrations.js';
export * from './queries.js';
export * from './ticketTimesProjection.js';
