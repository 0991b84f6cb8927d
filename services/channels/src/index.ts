export * from './port.js';
export * from './simulator/protocol.js';
export * from './simulator/simulatorProvider.js';
export * from './simulator/simulatorServer.js';
export * from './router.js';
export * from './baileys/index.js';
