import { ANNOUNCEMENT_EVENT_TYPES, type AnnouncementEvent, type AnnouncementFeedPayload } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { AnnouncementQueries } from './queries.js';

/**
 * Announcements, for the announcements page and the top bar. The platform's to every company: each change is told on
 * every company's `announcement` channel.
 */
export const announcementsProjection: Projection = {
  name: 'announcements',
  tables: ['announcements'],
  eventTypes: ANNOUNCEMENT_EVENT_TYPES,
  async apply(events, { trx, emit, rebuilding }) {
    const told: Array<{ id: number; action: 'create' | 'update' | 'delete' }> = [];
    for (const recorded of events) {
      const event = recorded as unknown as AnnouncementEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'AnnouncementCreated': {
          const { id, title, text, priority, status, mediaName } = event.data;
          await trx('announcements').insert({ id, title, text, priority, status, media_name: mediaName ?? null, created_at: at, updated_at: at }).onConflict('id').merge();
          told.push({ id, action: 'create' });
          break;
        }
        case 'AnnouncementUpdated': {
          const { title, text, priority, status, mediaName } = event.data.changes;
          const changes = Object.fromEntries(Object.entries({ title, text, priority, status, media_name: mediaName }).filter(([, v]) => v !== undefined));
          await trx('announcements').where({ id: event.data.id }).update({ ...changes, updated_at: at });
          told.push({ id: event.data.id, action: 'update' });
          break;
        }
        case 'AnnouncementDeleted':
          await trx('announcements').where({ id: event.data.id }).delete();
          told.push({ id: event.data.id, action: 'delete' });
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    }
    if (rebuilding || told.length === 0) return;
    const companies = ((await trx('companies').select('id')) as Array<{ id: string | number }>).map((c) => Number(c.id));
    const queries = new AnnouncementQueries(trx);
    for (const { id, action } of told) {
      const record = action === 'delete' ? null : await queries.find(id);
      const payload: AnnouncementFeedPayload = record && action !== 'delete' ? { action, record } : { action: 'delete', id };
      for (const companyId of companies) emit({ companyId, channel: 'announcement', payload, audience: { kind: 'company' } });
    }
  },
};
