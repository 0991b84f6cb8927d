import { SETTINGS_CHANNELS, SETTINGS_PERMISSIONS } from '@atendo/contracts/settings';
import { settingRoutes } from '@atendo/api';
import { defineFeature } from '../featureModule.js';

/** A company's settings: kept in its company record (the companies projection tells the console on `settings`). */
export const settings = defineFeature({
  name: 'settings',
  permissions: SETTINGS_PERMISSIONS,
  routes: ({ knex, store, readYourWrites }) => settingRoutes({ knex, store, readYourWrites }),
  channels: SETTINGS_CHANNELS,
  // The company comes from the token: a setting's key names no other company's anything.
  probe: { resources: { 'settings.key': null } },
});
