import { TAGS_CHANNELS, TAGS_ERRORS, TAGS_PERMISSIONS, TAGS_PLAN_FLAGS } from '@atendo/contracts/tags';
import { tagRoutes } from '@atendo/api';
import { tagIdMigrations, ticketTagRules } from '@atendo/core';
import { tagsMigrations, tagsProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

export const tags = defineFeature({
  name: 'tags',
  conversation: [ticketTagRules],
  permissions: TAGS_PERMISSIONS,
  planFlags: TAGS_PLAN_FLAGS,
  errors: TAGS_ERRORS,
  routes: ({ api, knex, store, ids }) => tagRoutes({ api, knex, store, ids }),
  migrations: [...tagIdMigrations, ...tagsMigrations],
  projections: [tagsProjection],
  channels: TAGS_CHANNELS,
  probe: {
    resources: { 'tags.id': 'tag', 'ticket-tags.ticketId': 'ticket', 'ticket-tags.tagId': 'tag' },
    async make(b) {
      const tag = await b.api<{ id: number }>('/tags', { body: { name: 'Tag da B', kanban: 1 } });
      await b.api('/tags/sync', { body: { ticketId: Number(b.theirs.ticket), tags: [{ id: tag.id }] } });
      return { tag: String(tag.id) };
    },
    observe: async (b) => [await b.api('/tags/list'), await b.api('/ticket/kanban')],
    bodyIds: { tagId: 'tag', tags: 'tag' },
    ours: async (a) => ({ tag: String((await a.api<{ id: number }>('/tags', { body: { name: 'Tag da A', kanban: 1 } })).id) }),
    bodies: (a) => ({
      'POST /tags': { body: { name: 'Tag sonda' } },
      'PUT /tags/{id}': { path: a.tag, body: {} },
      'POST /tags/sync': { body: { ticketId: Number(a.ticket), tags: [] } },
    }),
  },
});
