import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@atendo/contracts';
import { PostgresEventStore, streamId } from '@atendo/platform';

export interface AppendResult {
  writers: number;
  eventsPerAppend: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

function message(companyId: number, n: number): NewEvent {
  return {
    type: 'MessageReceived',
    data: { messageId: randomUUID(), body: `Olá, preciso de ajuda com o pedido ${n}`, fromMe: false, mediaType: 'chat', ack: 0 },
    metadata: { companyId, actor: { type: 'contact', contactId: n }, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() },
  };
}

/** `writers` concurrent loops, each appending `eventsPerAppend` events per call to its own streams, for `seconds`. */
export async function appendThroughput(url: string, writers: number, eventsPerAppend: number, seconds: number): Promise<AppendResult> {
  const store = new PostgresEventStore({ connectionString: url, poolSize: writers, listen: false });
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  let events = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const company = 1 + (w % 4);
      for (let i = 0; Date.now() < deadline; i++) {
        const batch = Array.from({ length: eventsPerAppend }, (_, k) => message(company, i * eventsPerAppend + k));
        // Spread over many streams, as conversations are, with the expected revision a command handler uses.
        await store.append(streamId('ticket', company, `${w}-${i % 500}`), batch);
        events += eventsPerAppend;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await store.close();
  return { writers, eventsPerAppend, events, seconds: elapsed, eventsPerSecond: Math.round(events / elapsed) };
}
