import { CONNECTIONS_ERRORS } from '@atendo/contracts';
import { connectionRoutes } from '@atendo/api';
import { connectionsProjection } from '@atendo/read';
import { parkedInboundMigrations } from '../gateway/parkedInbound.js';
import { defineFeature } from './featureModule.js';

export const connections = defineFeature({
  name: 'connections',
  routes: (deps) => connectionRoutes(deps.api, deps.sessions),
  // Customer messages the gateway set aside after repeated failures.
  migrations: parkedInboundMigrations,
  projections: [connectionsProjection],
  channels: ['whatsapp', 'whatsappSession'],
  errors: CONNECTIONS_ERRORS,
});
