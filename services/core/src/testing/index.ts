// The test database and waiting helpers are the platform's (decision 0049); re-exported for the suites that take them from here.
export * from '@atendo/platform/testing';
export * from './deciderSpec.js';
export * from './conversation.js';
