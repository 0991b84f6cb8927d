export * from './scheduleRoutes.js';
