import { HELP_EVENT_TYPES, type HelpEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';

/** Help entries, for the helps page and the super user's tab. Nobody is told in realtime (the spec has no channel). */
export const helpsProjection: Projection = {
  name: 'helps',
  tables: ['helps'],
  eventTypes: HELP_EVENT_TYPES,
  async apply(events, { trx }) {
    for (const recorded of events) {
      const event = recorded as unknown as HelpEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'HelpCreated': {
          const { id, title, video, description } = event.data;
          await trx('helps').insert({ id, title, video, description, created_at: at, updated_at: at }).onConflict('id').merge();
          break;
        }
        case 'HelpUpdated': {
          const { title, video, description } = event.data.changes;
          const changes = Object.fromEntries(Object.entries({ title, video, description }).filter(([, v]) => v !== undefined));
          await trx('helps').where({ id: event.data.id }).update({ ...changes, updated_at: at });
          break;
        }
        case 'HelpDeleted':
          await trx('helps').where({ id: event.data.id }).delete();
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    }
  },
};
