import { USERS_CHANNELS, USERS_ERRORS, USERS_PERMISSIONS } from '@atendo/contracts/users';
import { presenceMigrations, userRoutes } from '@atendo/api';
import { usersMigrations, usersProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

export const users = defineFeature({
  name: 'users',
  permissions: USERS_PERMISSIONS,
  routes: ({ knex, store, ids, auth, readYourWrites }) => userRoutes({ knex, store, ids, credentials: auth.credentials, refreshTokens: auth.refreshTokens, readYourWrites }),
  migrations: [...usersMigrations, ...presenceMigrations],
  projections: [usersProjection],
  channels: USERS_CHANNELS,
  errors: USERS_ERRORS,
  probe: {
    resources: { 'users.id': 'user', 'users.lang': null },
    observe: (b) => b.api('/users/list'),
    bodyIds: { userId: 'user' },
    bodies: (a) => ({
      'POST /users': { body: { name: 'Sonda', email: 'sonda@demo.test', password: 'Sonda-pass-123', profile: 'user' } },
      'PUT /users/{id}': { path: a.user, body: {} },
    }),
  },
});
