import { Kafka, Partitioners, logLevel as LogLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { Bus, BusMessage, BusSubscription } from './port.js';

export interface KafkaBusOptions {
  brokers: string[];
  clientId?: string;
  /** Partitions of the topics this bus creates (default 6): the most members a group can spread over. */
  partitions?: number;
  logLevel?: LogLevel;
  /** A handler threw: the message is skipped (the bus is not a source of truth) and reported here. */
  onHandlerError?: (error: unknown, topic: string) => void;
}

/**
 * The bus on Kafka (ARCHITECTURE.md §3): topics are created on demand, messages are keyed (so one key stays on
 * one partition, in order, and with one member of a group) and carry JSON. Each subscription is a consumer in
 * its group that handles one message at a time.
 */
export class KafkaBus implements Bus {
  readonly name = 'kafka';
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly partitions: number;
  private connecting: Promise<void> | undefined;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly consumers = new Set<Consumer>();

  constructor(private readonly options: KafkaBusOptions) {
    this.kafka = new Kafka({
      brokers: options.brokers,
      clientId: options.clientId ?? 'atendo',
      logLevel: options.logLevel ?? LogLevel.WARN,
    });
    // Idempotent with one request in flight: a retried send neither duplicates nor reorders a key's messages.
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
    this.partitions = options.partitions ?? 6;
  }

  private connect(): Promise<void> {
    this.connecting ??= Promise.all([this.producer.connect(), this.admin.connect()]).then(
      () => undefined,
      (error: unknown) => {
        this.connecting = undefined;
        throw error;
      },
    );
    return this.connecting;
  }

  private ensureTopic(topic: string): Promise<void> {
    let ready = this.topics.get(topic);
    if (!ready) {
      // createTopics resolves false (no error) when the topic already exists.
      ready = this.admin
        .createTopics({ topics: [{ topic, numPartitions: this.partitions }], waitForLeaders: true })
        .then(() => undefined);
      ready.catch(() => this.topics.delete(topic));
      this.topics.set(topic, ready);
    }
    return ready;
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    await this.ensureTopic(topic);
    await this.producer.send({
      topic,
      messages: messages.map((m) => ({ key: m.key, value: m.value === undefined ? null : JSON.stringify(m.value) })),
    });
  }

  async subscribe(topic: string, group: string, handler: (message: BusMessage) => Promise<void>): Promise<BusSubscription> {
    await this.connect();
    await this.ensureTopic(topic);

    // A brand-new group starts at the end of the topic. Left to kafkajs, "the end" is looked up at the first
    // fetch, after the join, so a message published between the join and that fetch would be missed. So read
    // the end offsets now, and on joining move each assigned partition the group has no offset for there.
    const [committed, ends] = await Promise.all([
      this.admin.fetchOffsets({ groupId: group, topics: [topic] }),
      this.admin.fetchTopicOffsets(topic),
    ]);
    const withoutOffset = new Set(
      (committed.find((t) => t.topic === topic)?.partitions ?? [])
        .filter((p) => Number(p.offset) < 0)
        .map((p) => p.partition),
    );
    const endOf = new Map(ends.map((e) => [e.partition, e.offset]));

    // A short fetch wait, so that close() (which lets the fetch in flight finish) returns quickly.
    const consumer = this.kafka.consumer({ groupId: group, allowAutoTopicCreation: false, maxWaitTimeInMs: 1000 });
    this.consumers.add(consumer);
    let firstJoin = true;
    const joined = new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        if (firstJoin) {
          firstJoin = false;
          for (const partition of payload.memberAssignment[topic] ?? []) {
            const end = endOf.get(partition);
            // Called during the join, so the seek is in place before the first fetch.
            if (withoutOffset.has(partition) && end !== undefined) consumer.seek({ topic, partition, offset: end });
          }
        }
        resolve();
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) reject(payload.error);
      });
    });
    joined.catch(() => undefined); // awaited below; this only keeps an early crash from being "unhandled"
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: false });
      await consumer.run({
        // One message at a time, in partition order (partitionsConsumedConcurrently defaults to 1).
        eachMessage: async ({ message }) => {
          try {
            const value: unknown = message.value === null ? null : JSON.parse(message.value.toString('utf8'));
            await handler({ key: message.key?.toString('utf8') ?? '', value });
          } catch (error) {
            // Skipped, not retried: what the bus carries is already committed elsewhere.
            this.options.onHandlerError?.(error, topic);
          }
        },
      });
      await joined;
    } catch (error) {
      this.consumers.delete(consumer);
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }

    return {
      close: async () => {
        if (!this.consumers.delete(consumer)) return;
        await consumer.disconnect();
      },
    };
  }

  async close(): Promise<void> {
    const consumers = [...this.consumers];
    this.consumers.clear();
    await Promise.all(consumers.map((c) => c.disconnect().catch(() => undefined)));
    if (this.connecting) {
      this.connecting = undefined;
      await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
    }
  }
}
