import { createKnex, migrateLatest, PostgresEventStore, streamId } from '@atendo/core';
import { rebuildProjection } from '@atendo/read';
import { allMigrations } from '@atendo/runtime';
import { conversationEvents, createTicketSummaryTable, ticketSummaries } from './ticketSummaries.js';

export interface ProjectionResult {
  events: number;
  rows: number;
  seconds: number;
  eventsPerSecond: number;
}

/** Writes `conversations` conversations (11 events each), then times a rebuild of the ticket-shaped read model. */
export async function projectionThroughput(url: string, conversations: number): Promise<ProjectionResult> {
  const knex = createKnex(url, { max: 4 });
  await migrateLatest(knex, ...allMigrations);
  await createTicketSummaryTable(knex);
  const store = new PostgresEventStore({ connectionString: url, poolSize: 8, listen: false });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = next++; n < conversations; n = next++) {
        const company = 100 + (n % 10);
        await store.append(streamId('benchticket', company, n), conversationEvents(company, n));
      }
    }),
  );
  const started = Date.now();
  const result = await rebuildProjection({ store, knex, projection: ticketSummaries, batchSize: 5000 });
  const seconds = (Date.now() - started) / 1000;
  const rows = Number((await knex('bench_ticket_summaries').count<{ c: number }[]>('* as c'))[0]!.c);
  await store.close();
  await knex.destroy();
  return { events: result.events, rows, seconds, eventsPerSecond: Math.round(result.events / seconds) };
}
