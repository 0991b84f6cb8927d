import { MESSAGES_ERRORS } from '@atendo/contracts';
import { idempotencyKeyMigrations, messageRoutes } from '@atendo/api';
import { defineFeature } from './featureModule.js';

export const messages = defineFeature({
  name: 'messages',
  routes: (deps) => messageRoutes(deps.api, deps.media.blobs),
  migrations: idempotencyKeyMigrations,
  channels: ['appMessage'],
  errors: MESSAGES_ERRORS,
});
