import { AUTH_ERRORS } from '@atendo/contracts';
import { authRoutes, credentialMigrations, rateLimitMigrations, refreshTokenMigrations } from '@atendo/api';
import { defineFeature } from './featureModule.js';

/** Sign-in, refresh and sign-out; the password hashes and refresh tokens live in tables of their own. */
export const auth = defineFeature({
  name: 'auth',
  routes: (deps) => authRoutes(deps.auth),
  migrations: [...refreshTokenMigrations, ...credentialMigrations, ...rateLimitMigrations],
  errors: AUTH_ERRORS,
});
