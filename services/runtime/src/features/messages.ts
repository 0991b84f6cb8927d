import { idempotencyKeyMigrations, messageRoutes } from '@atendo/api';
import { defineFeature } from './featureModule.js';

export const messages = defineFeature({
  name: 'messages',
  routes: (deps) => messageRoutes(deps.api),
  migrations: idempotencyKeyMigrations,
  channels: ['appMessage'],
  errors: ['ERR_SENDING_WAPP_MSG', 'ERR_IDEMPOTENCY_KEY_REUSED'],
});
