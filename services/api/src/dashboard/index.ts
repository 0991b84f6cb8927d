export * from './dashboardRoutes.js';
