import { MESSAGES_CHANNELS, MESSAGES_ERRORS, MESSAGES_PLAN_FLAGS } from '@atendo/contracts/messages';
import { externalApiRoutes, idempotencyKeyMigrations, messageRoutes } from '@atendo/api';
import { ConnectionTimers } from '@atendo/read';
import { messageRules } from '@atendo/core';
import { defineFeature } from '../featureModule.js';

export const messages = defineFeature({
  name: 'messages',
  conversation: [messageRules],
  planFlags: MESSAGES_PLAN_FLAGS,
  // The console's replies, and the external send API that integrators call with a connection's token.
  routes: ({ api, knex, sessions, media }) => [...messageRoutes(api, media.storage, new ConnectionTimers(knex)), ...externalApiRoutes({ api, knex, sessions, storage: media.storage })],
  migrations: idempotencyKeyMigrations,
  channels: MESSAGES_CHANNELS,
  errors: MESSAGES_ERRORS,
  probe: {
    resources: { 'messages.ticketId': 'ticket', 'messages.id': 'message' },
    async make(b) {
      const { messages } = await b.api<{ messages: Array<{ id: string }> }>(`/messages/${b.theirs.ticket}`);
      return { message: messages[0]!.id };
    },
    observe: (b) => b.api(`/messages/${b.theirs.ticket}`),
  },
});
