import { createSimulatorServer } from './simulatorServer.js';

/** Runs the simulated WhatsApp server as its own process: `tsx services/channels/src/simulator/main.ts`. */

const port = Number(process.env.SIMULATOR_PORT ?? 8081);
const host = process.env.SIMULATOR_HOST ?? '127.0.0.1';
const dataFile = process.env.SIMULATOR_DATA_FILE || undefined;

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SIMULATOR_PORT must be a port number, got ${process.env.SIMULATOR_PORT}`);
  process.exit(1);
}

const log = {
  warn: (obj: unknown, msg?: string) =>
    console.error(JSON.stringify({ level: 'warn', service: 'atendo-simulator', msg, detail: obj instanceof Error ? obj.message : describe(obj) })),
};

function describe(obj: unknown): unknown {
  if (obj && typeof obj === 'object' && 'err' in obj && obj.err instanceof Error) return { ...obj, err: obj.err.message };
  return obj;
}

const simulator = await createSimulatorServer({ port, host, dataFile, log });
console.log(JSON.stringify({ level: 'info', service: 'atendo-simulator', msg: 'simulator listening', url: simulator.url, dataFile: dataFile ?? null }));

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await simulator.close();
    process.exit(0);
  } catch (error) {
    console.error(`simulator did not close cleanly after ${signal}:`, error);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
