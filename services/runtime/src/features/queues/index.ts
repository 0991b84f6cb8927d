import { QUEUES_CHANNELS, QUEUES_ERRORS, QUEUES_PERMISSIONS } from '@atendo/contracts/queues';
import { queueRoutes } from '@atendo/api';
import { queueOptionsProjection, queuesMigrations, queuesProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

export const queues = defineFeature({
  name: 'queues',
  permissions: QUEUES_PERMISSIONS,
  errors: QUEUES_ERRORS,
  routes: ({ api, knex, store, ids }) => queueRoutes({ api, knex, store, ids }),
  // A queue's hours, integration and prompt; its chatbot menu.
  migrations: queuesMigrations,
  projections: [queuesProjection, queueOptionsProjection],
  channels: QUEUES_CHANNELS,
  probe: {
    resources: { 'queue.id': 'queue', 'queue-options.id': 'queueOption' },
    async make(b) {
      // A queue with a menu.
      const queue = await b.api<{ id: number }>('/queue', { body: { name: 'Fila da B', color: '#0b0b0b' } });
      const option = await b.api<{ id: number }>('/queue-options', { body: { queueId: queue.id, title: 'Opção da B' } });
      return { queue: String(queue.id), queueOption: String(option.id) };
    },
    observe: async (b) => [await b.api('/queue'), await b.api(`/queue-options?queueId=${b.theirs.queue}`)],
    bodyIds: { queueId: 'queue', queueIds: 'queue', transferQueueId: 'queue', parentId: 'queueOption' },
    bodies: (a) => ({
      'POST /queue': { body: { name: 'Fila sonda', color: '#123456' } },
      'PUT /queue/{id}': { path: a.queue, body: {} },
      'POST /queue-options': { body: { queueId: Number(a.queue), title: 'Opção sonda' } },
    }),
  },
});
