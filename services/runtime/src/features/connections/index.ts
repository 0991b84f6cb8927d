import { CONNECTIONS_CHANNELS, CONNECTIONS_ERRORS, CONNECTIONS_PERMISSIONS } from '@atendo/contracts/connections';
import { connectionRoutes, connectionTokenMigrations } from '@atendo/api';
import { inboundJournalMigration, sessionLeaseMigration, whatsappAuthMigrations } from '@atendo/channels';
import { chatbotRules } from '@atendo/core/chatbot';
import { connectionsMigrations, connectionsProjection } from '@atendo/read';
import { identityMigrations } from '../../gateway/identities.js';
import { parkedInboundMigrations } from '../../gateway/parkedInbound.js';
import { defineFeature } from '../featureModule.js';
import { chatbotInbound } from './chatbotInbound.js';

export const connections = defineFeature({
  name: 'connections',
  // The chatbot answers a customer's message from the connection's menus (its words are read by `inbound`).
  conversation: [chatbotRules],
  permissions: CONNECTIONS_PERMISSIONS,
  routes: ({ api, sessions, knex, store, ids }) => connectionRoutes({ api, sessions, knex, store, ids }),
  // Customer messages the gateway set aside after repeated failures; the connections' settings and API tokens;
  // Baileys' credentials (encrypted), the session leases and the inbound journal.
  migrations: [...parkedInboundMigrations, ...connectionsMigrations, ...connectionTokenMigrations, ...whatsappAuthMigrations, sessionLeaseMigration, inboundJournalMigration, ...identityMigrations],
  projections: [connectionsProjection],
  channels: CONNECTIONS_CHANNELS,
  errors: CONNECTIONS_ERRORS,
  inbound: chatbotInbound,
  probe: {
    resources: { 'whatsapp.id': 'whatsapp', 'whatsappsession.id': 'whatsapp' },
    observe: (b) => b.api('/whatsapp'),
    bodyIds: { whatsappId: 'whatsapp' },
    bodies: (a) => ({
      'POST /whatsapp': { body: { name: 'Conexão sonda', channel: 'simulator', greetingMessage: '', queueIds: [] } },
      'PUT /whatsapp/{id}': { path: a.whatsapp, body: {} },
    }),
  },
});
