import {
  activityMigrations,
  activityProjection,
  companiesMigrations,
  companiesProjection,
  connectionsProjection,
  conversationMigrations,
  conversationsProjection,
  helpMigrations,
  helpsProjection,
  plansProjection,
  queuesProjection,
  usersMigrations,
  usersProjection,
} from '@atendo/read';
import { helpIdMigrations } from '@atendo/core';
import { credentialMigrations, idempotencyKeyMigrations, refreshTokenMigrations } from '@atendo/api';
import { parkedInboundMigrations } from '../gateway/parkedInbound.js';
import { checkFeatures, defineFeature, type FeatureModule } from './featureModule.js';

/**
 * The product's features, in the order their tables depend on each other. Adding a feature is adding its folders
 * and one line here (docs/adding-a-feature.md).
 */
export const features: FeatureModule[] = [
  defineFeature({ name: 'auth', migrations: [...refreshTokenMigrations, ...credentialMigrations], errors: ['ERR_INVALID_CREDENTIALS', 'ERR_SESSION_EXPIRED', 'ERR_TOO_MANY_REQUESTS'] }),
  defineFeature({ name: 'companies', migrations: companiesMigrations, projections: [companiesProjection], errors: ['ERR_SUBSCRIPTION_EXPIRED'] }),
  defineFeature({ name: 'plans', projections: [plansProjection] }),
  defineFeature({ name: 'users', migrations: usersMigrations, projections: [usersProjection], channels: ['user'], errors: ['ERR_NO_USER_FOUND', 'ERR_USER_EMAIL_ALREADY_EXISTS'] }),
  defineFeature({ name: 'queues', projections: [queuesProjection], channels: ['queue'] }),
  defineFeature({
    name: 'connections',
    migrations: parkedInboundMigrations,
    projections: [connectionsProjection],
    channels: ['whatsapp', 'whatsappSession'],
    errors: ['ERR_NO_WAPP_FOUND', 'ERR_WAPP_NAME_ALREADY_EXISTS', 'ERR_WAPP_NOT_INITIALIZED'],
  }),
  defineFeature({ name: 'contacts', errors: ['ERR_NO_CONTACT_FOUND'] }),
  defineFeature({
    name: 'tickets',
    migrations: conversationMigrations,
    projections: [conversationsProjection],
    channels: ['ticket'],
    errors: ['ERR_NO_TICKET_FOUND', 'ERR_TICKET_ALREADY_ACCEPTED', 'ERR_TICKET_CLOSED', 'ERR_INVALID_TICKET_TRANSITION', 'ERR_OTHER_OPEN_TICKET'],
  }),
  defineFeature({ name: 'messages', migrations: idempotencyKeyMigrations, channels: ['appMessage'], errors: ['ERR_SENDING_WAPP_MSG', 'ERR_IDEMPOTENCY_KEY_REUSED'] }),
  defineFeature({ name: 'activity', migrations: activityMigrations, projections: [activityProjection] }),
  defineFeature({ name: 'helps', migrations: [...helpIdMigrations, ...helpMigrations], projections: [helpsProjection] }),
];
checkFeatures(features);

/** Every read model of the product: the runtime starts these, `atendo rebuild` knows them by name. */
export const projections = features.flatMap((f) => f.projections ?? []);

export function findProjection(name: string) {
  return projections.find((p) => p.name === name);
}
