export * from './errors.js';
export * from './ticketNote.js';
