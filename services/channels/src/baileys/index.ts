export * from './authState.js';
export * from './ids.js';
export * from './mapping.js';
// Under a name: `decide`, `Decision` and `Stop` alone would say nothing next to the platform's own deciders.
export * as reconnectPolicy from './reconnectPolicy.js';
export * from './baileysProvider.js';
export * from './inboundJournal.js';
export * from './lease.js';
export * from './receiptGate.js';
