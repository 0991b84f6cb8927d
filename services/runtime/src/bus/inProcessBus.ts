import type { Bus, BusMessage, BusSubscription } from './port.js';

interface Member {
  handler: (message: BusMessage) => Promise<void>;
  /** Each member handles one message at a time, in order. */
  queue: Promise<void>;
}

function hashKey(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** The bus of a single process: every role runs in it. */
export class InProcessBus implements Bus {
  readonly name = 'in-process';
  private readonly topics = new Map<string, Map<string, Member[]>>();

  constructor(private readonly onHandlerError: (error: unknown, topic: string) => void = () => undefined) {}

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    const groups = this.topics.get(topic);
    if (!groups) return;
    for (const members of groups.values()) {
      if (members.length === 0) continue;
      for (const message of messages) {
        const member = members[hashKey(message.key) % members.length]!;
        // A deep copy, as a network bus would give: a handler cannot change what another receives.
        const copy: BusMessage = { key: message.key, value: structuredClone(message.value) };
        member.queue = member.queue.then(() =>
          member.handler(copy).catch((error: unknown) => this.onHandlerError(error, topic)),
        );
      }
    }
  }

  async subscribe(topic: string, group: string, handler: (message: BusMessage) => Promise<void>): Promise<BusSubscription> {
    let groups = this.topics.get(topic);
    if (!groups) this.topics.set(topic, (groups = new Map()));
    let members = groups.get(group);
    if (!members) groups.set(group, (members = []));
    const member: Member = { handler, queue: Promise.resolve() };
    members.push(member);
    return {
      close: async () => {
        const list = this.topics.get(topic)?.get(group);
        if (list) list.splice(list.indexOf(member), 1);
        await member.queue;
      },
    };
  }

  async close(): Promise<void> {
    const queues = [...this.topics.values()].flatMap((g) => [...g.values()].flat().map((m) => m.queue));
    this.topics.clear();
    await Promise.all(queues);
  }
}
