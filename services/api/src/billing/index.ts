export * from './billingRoutes.js';
