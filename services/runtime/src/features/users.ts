import { usersMigrations, usersProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const users = defineFeature({
  name: 'users',
  migrations: usersMigrations,
  projections: [usersProjection],
  channels: ['user'],
  errors: ['ERR_NO_USER_FOUND', 'ERR_USER_EMAIL_ALREADY_EXISTS'],
});
