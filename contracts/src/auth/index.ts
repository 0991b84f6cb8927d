export * from './errors.js';
export * from './password.js';
export * from './passwordReset.js';
