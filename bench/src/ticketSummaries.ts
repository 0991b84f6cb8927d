import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { RowCache, type Projection } from '@atendo/read';

/**
 * A read model with the shape of the tickets list (fifteen columns, JSON tags, counters, timestamps), folded
 * from a realistic mix of events. Used to measure projection throughput.
 */
interface TicketRow {
  id: string;
  company_id: number;
  uuid: string;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number;
  contact_id: number;
  contact_name: string;
  last_message: string | null;
  unread_messages: number;
  messages: number;
  is_group: boolean;
  tags: string[];
  updated_at: string;
}

/** The bench's own table, created outside the product's migrations. */
export async function createTicketSummaryTable(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS bench_ticket_summaries (
    id text PRIMARY KEY, company_id bigint NOT NULL, uuid uuid NOT NULL, status text NOT NULL, user_id bigint,
    queue_id bigint, whatsapp_id bigint NOT NULL, contact_id bigint NOT NULL, contact_name text NOT NULL,
    last_message text, unread_messages int NOT NULL, messages int NOT NULL, is_group boolean NOT NULL,
    tags jsonb NOT NULL, updated_at timestamptz NOT NULL)`);
}

export const ticketSummaries: Projection = {
  name: 'bench_ticket_summaries',
  tables: ['bench_ticket_summaries'],
  eventTypes: ['BenchTicketOpened', 'BenchMessageReceived', 'BenchTicketAccepted', 'BenchTicketResolved'],
  async apply(events, { trx, emit }) {
    const rows = new RowCache<TicketRow>(trx, 'bench_ticket_summaries', 'id');
    await rows.load(events.map((e) => e.streamId));
    for (const e of events) {
      const d = e.data as Record<string, unknown>;
      const at = e.metadata.occurredAt;
      switch (e.type) {
        case 'BenchTicketOpened':
          rows.set({
            id: e.streamId, company_id: e.metadata.companyId, uuid: d.uuid as string, status: 'pending', user_id: null,
            queue_id: d.queueId as number, whatsapp_id: 1, contact_id: d.contactId as number, contact_name: d.contactName as string,
            last_message: null, unread_messages: 0, messages: 0, is_group: false, tags: [], updated_at: at,
          });
          break;
        case 'BenchMessageReceived':
          rows.update(e.streamId, (r) => ({ last_message: d.body as string, messages: r.messages + 1, unread_messages: r.unread_messages + 1, updated_at: at }));
          break;
        case 'BenchTicketAccepted':
          rows.update(e.streamId, () => ({ status: 'open', user_id: d.userId as number, unread_messages: 0, updated_at: at }));
          break;
        case 'BenchTicketResolved':
          rows.update(e.streamId, () => ({ status: 'closed', updated_at: at }));
          break;
      }
      const row = rows.get(e.streamId);
      if (row) {
        emit({
          companyId: row.company_id,
          channel: 'ticket',
          payload: { action: 'update', ticket: { id: row.id, status: row.status, lastMessage: row.last_message, unreadMessages: row.unread_messages }, sentAt: d.sentAt },
          audience: { kind: 'ticket', queueId: row.queue_id, userIds: row.user_id === null ? [] : [row.user_id] },
        });
      }
    }
    await rows.flush();
  },
};

/** A conversation's worth of events: opened, some messages, accepted, more messages, resolved. */
export function conversationEvents(companyId: number, n: number) {
  const meta = () => ({ companyId, actor: { type: 'system' as const }, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() });
  const events = [{ type: 'BenchTicketOpened', data: { uuid: randomUUID(), queueId: 1 + (n % 3), contactId: n, contactName: `Cliente ${n}` }, metadata: meta() }];
  for (let i = 0; i < 8; i++) events.push({ type: 'BenchMessageReceived', data: { body: `mensagem ${i} do cliente ${n}` } as never, metadata: meta() });
  events.push({ type: 'BenchTicketAccepted', data: { userId: 1 + (n % 5) } as never, metadata: meta() });
  events.push({ type: 'BenchTicketResolved', data: {} as never, metadata: meta() });
  return events;
}
