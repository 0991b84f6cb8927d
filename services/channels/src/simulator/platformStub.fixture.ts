import { appendFileSync } from 'node:fs';
import type { Ack, SessionStatus } from '@atendo/contracts';
import type { ChannelSink, InboundMessage } from '../port.js';
import { SimulatorProvider } from './simulatorProvider.js';

/**
 * A stand-in platform process for the crash test: it records each inbound message as one line of a file, with a
 * little latency, and is killed with SIGKILL in the middle of the work.
 * Env: SIM_URL, RECORD_FILE, CONNECTION_ID.
 */

const url = process.env.SIM_URL!;
const file = process.env.RECORD_FILE!;
const connectionId = Number(process.env.CONNECTION_ID ?? 1);

const sink: ChannelSink = {
  async inbound(message: InboundMessage): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    appendFileSync(file, `${message.providerMessageId} ${message.from} ${message.body}\n`);
  },
  async park(): Promise<void> {
    throw new Error('the stub platform does not park');
  },
  async ack(_connectionId: number, _id: string, _ack: Ack): Promise<void> {},
  async status(_connectionId: number, status: SessionStatus): Promise<void> {
    if (status === 'CONNECTED') console.log('CONNECTED');
  },
};

const provider = new SimulatorProvider(url, { log: { warn: () => undefined } });
await provider.startSession({ connectionId, companyId: 1, name: 'stub' }, sink);
