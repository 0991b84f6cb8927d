import { USERS_ERRORS } from '@atendo/contracts';
import { usersMigrations, usersProjection } from '@atendo/read';
import { defineFeature } from './featureModule.js';

export const users = defineFeature({
  name: 'users',
  migrations: usersMigrations,
  projections: [usersProjection],
  channels: ['user'],
  errors: USERS_ERRORS,
});
