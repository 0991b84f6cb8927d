import { QUICK_MESSAGES_CHANNELS, QUICK_MESSAGES_ERRORS } from '@atendo/contracts/quickMessages';
import { quickMessageRoutes } from '@atendo/api';
import { quickMessageIdMigrations } from '@atendo/core';
import { quickMessagesMigrations, quickMessagesProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

/** Quick replies agents insert with `/shortcode` (their own, and the company's general ones), with an optional file. */
export const quickMessages = defineFeature({
  name: 'quickMessages',
  errors: QUICK_MESSAGES_ERRORS,
  routes: ({ knex, store, ids, media, readYourWrites }) => quickMessageRoutes({ knex, store, ids, storage: media.storage, readYourWrites }),
  migrations: [...quickMessageIdMigrations, ...quickMessagesMigrations],
  projections: [quickMessagesProjection],
  channels: QUICK_MESSAGES_CHANNELS,
  probe: {
    resources: { 'quick-messages.id': 'quickMessage' },
    async make(b) {
      const quick = await b.api<{ id: number }>('/quick-messages', { body: { shortcode: 'daB', message: 'resposta da B', geral: true } });
      return { quickMessage: String(quick.id) };
    },
    observe: (b) => b.api('/quick-messages/list'),
  },
});
