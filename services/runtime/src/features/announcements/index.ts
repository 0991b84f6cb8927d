import { ANNOUNCEMENTS_CHANNELS, ANNOUNCEMENTS_PERMISSIONS } from '@atendo/contracts/announcements';
import { announcementRoutes } from '@atendo/api';
import { announcementIdMigrations } from '@atendo/core';
import { announcementMigrations, announcementsProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

/** Announcements of the platform to every company (super users publish them, with an optional image). */
export const announcements = defineFeature({
  name: 'announcements',
  permissions: ANNOUNCEMENTS_PERMISSIONS,
  routes: ({ knex, store, ids, readYourWrites }) => announcementRoutes({ knex, store, ids, readYourWrites }),
  migrations: [...announcementIdMigrations, ...announcementMigrations],
  projections: [announcementsProjection],
  channels: ANNOUNCEMENTS_CHANNELS,
  probe: { resources: { 'announcements.id': null } },
});
