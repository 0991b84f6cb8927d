import { existsSync } from 'node:fs';
import { afterAll, describe } from 'vitest';
import { busContract } from './contract.js';
import { KafkaBus } from './kafkaBus.js';

/**
 * Runs the contract against KAFKA_BROKERS, else against a throwaway Kafka container when a container runtime
 * is reachable, else reports the suite as skipped.
 */
const configuredBrokers = process.env.KAFKA_BROKERS?.split(',')
  .map((b) => b.trim())
  .filter(Boolean);
// Cheap check before touching testcontainers: a Docker client without an engine must not stall the run.
const containerRuntime = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

async function startContainer(): Promise<{ brokers: string[]; stop(): Promise<unknown> }> {
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const container = await new KafkaContainer('confluentinc/cp-kafka:7.5.0').withKraft().start();
  return {
    brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`],
    stop: () => container.stop(),
  };
}

if (configuredBrokers?.length || containerRuntime) {
  // Started here rather than in the suite's beforeAll: pulling the image can outlast the hook timeout.
  const server = configuredBrokers?.length
    ? { brokers: configuredBrokers, stop: async () => undefined }
    : await startContainer();
  // Runs after the suite's own afterAll has closed the bus.
  afterAll(() => server.stop());
  busContract('kafka', async () => new KafkaBus({ brokers: server.brokers, clientId: 'atendo-contract' }), {
    timeoutMs: 30_000,
  });
} else {
  console.warn('SKIPPED: Kafka bus contract suite (set KAFKA_BROKERS=host:9092 to run it)');
  describe.skip('Kafka (no KAFKA_BROKERS and no container runtime)', () => {
    busContract('kafka', async () => {
      throw new Error('not reached: the suite is skipped');
    });
  });
}
