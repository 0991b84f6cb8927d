import { CONNECTIONS_ERRORS } from '@atendo/contracts';
import { connectionRoutes, connectionTokenMigrations } from '@atendo/api';
import { connectionsMigrations, connectionsProjection } from '@atendo/read';
import { parkedInboundMigrations } from '../gateway/parkedInbound.js';
import { defineFeature } from './featureModule.js';

export const connections = defineFeature({
  name: 'connections',
  routes: ({ api, sessions, knex, store, ids }) => connectionRoutes({ api, sessions, knex, store, ids }),
  // Customer messages the gateway set aside after repeated failures; the connections' settings and API tokens.
  migrations: [...parkedInboundMigrations, ...connectionsMigrations, ...connectionTokenMigrations],
  projections: [connectionsProjection],
  channels: ['whatsapp', 'whatsappSession'],
  errors: CONNECTIONS_ERRORS,
});
