import type { Audience, RecordedEvent, TagFeedPayload } from '@atendo/contracts';
import type { Projection, ProjectionContext } from '../projections/projection.js';
import { applyRecordEvent, recordEventTypes, type RecordTable } from '../projections/records.js';
import { TagQueries } from './queries.js';

const TAGS: RecordTable = { kind: 'Tag', table: 'tags', columns: new Set(['company_id', 'name', 'color', 'kanban', 'user_id']) };

type TicketTagData = { ticketId: number; tagId: number };

/**
 * The company's tags and which tickets carry them. A ticket's tags come from the customer's stream (TicketTagged,
 * TicketUntagged; a deleted ticket takes its tags with it); a deleted tag leaves every ticket. The console hears, on
 * the tag channel, each tag created, changed (also its ticket count) or deleted, and each ticket whose tags changed
 * (only those who see the ticket).
 */
export const tagsProjection: Projection = {
  name: 'tags',
  tables: ['tags', 'ticket_tags'],
  eventTypes: [...recordEventTypes('Tag'), 'TicketTagged', 'TicketUntagged', 'TicketDeleted'],
  async apply(events, context) {
    const { trx, rebuilding } = context;
    // What to tell once the batch is folded: tags to send again (their counts moved), tickets whose tags changed.
    const changedTags = new Map<number, { companyId: number; action: 'create' | 'update' }>();
    const changedTickets = new Map<number, number>();
    for (const event of events) {
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'TicketTagged': {
          const d = event.data as TicketTagData;
          await trx('ticket_tags').insert({ ticket_id: d.ticketId, tag_id: d.tagId, company_id: companyId }).onConflict(['ticket_id', 'tag_id']).ignore();
          changedTickets.set(d.ticketId, companyId);
          if (!changedTags.has(d.tagId)) changedTags.set(d.tagId, { companyId, action: 'update' });
          break;
        }
        case 'TicketUntagged': {
          const d = event.data as TicketTagData;
          await trx('ticket_tags').where({ ticket_id: d.ticketId, tag_id: d.tagId }).delete();
          changedTickets.set(d.ticketId, companyId);
          if (!changedTags.has(d.tagId)) changedTags.set(d.tagId, { companyId, action: 'update' });
          break;
        }
        case 'TicketDeleted': {
          const d = event.data as { ticketId: number };
          const gone = (await trx('ticket_tags').where({ ticket_id: d.ticketId }).delete().returning('tag_id')) as Array<{ tag_id: string | number }>;
          for (const r of gone) if (!changedTags.has(Number(r.tag_id))) changedTags.set(Number(r.tag_id), { companyId, action: 'update' });
          changedTickets.delete(d.ticketId);
          break;
        }
        case 'TagDeleted': {
          const { id } = event.data as { id: number };
          await applyRecordEvent(TAGS, event, trx);
          await trx('ticket_tags').where({ tag_id: id }).delete();
          changedTags.delete(id);
          if (!rebuilding) emit(context, event, { action: 'delete', tagId: id });
          break;
        }
        default: {
          const change = await applyRecordEvent(TAGS, event, trx);
          const { id } = event.data as { id: number };
          if (change === 'create') changedTags.set(id, { companyId, action: 'create' });
          else if (change === 'update' && !changedTags.has(id)) changedTags.set(id, { companyId, action: 'update' });
        }
      }
    }
    if (rebuilding) return;
    const queries = new TagQueries(trx);
    for (const [id, { companyId, action }] of changedTags) {
      const tag = await queries.find(companyId, id);
      if (tag) context.emit({ companyId, channel: 'tag', payload: { action, tag } satisfies TagFeedPayload, audience: { kind: 'company' } });
    }
    for (const [ticketId, companyId] of changedTickets) {
      const ticket = (await trx('tickets').where({ id: ticketId, company_id: companyId }).first('queue_id', 'user_id', 'status')) as
        | { queue_id: string | number | null; user_id: string | number | null; status: string }
        | undefined;
      if (!ticket) continue;
      const tagIds = await queries.tagIdsOf(companyId, ticketId);
      const audience: Audience = {
        kind: 'ticket',
        queueId: ticket.queue_id === null ? null : Number(ticket.queue_id),
        userIds: ticket.user_id === null ? [] : [Number(ticket.user_id)],
        ...(ticket.status === 'pending' ? { pending: true } : {}),
      };
      context.emit({ companyId, channel: 'tag', payload: { action: 'ticket', ticketId, tagIds } satisfies TagFeedPayload, audience });
    }
  },
};

function emit(context: ProjectionContext, event: RecordedEvent, payload: TagFeedPayload) {
  context.emit({ companyId: event.metadata.companyId, channel: 'tag', payload, audience: { kind: 'company' } });
}
