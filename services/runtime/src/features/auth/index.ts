import { AUTH_ERRORS } from '@atendo/contracts/auth';
import { authRoutes, credentialMigrations, passwordResetMigrations, passwordResetRoutes, rateLimitMigrations, refreshTokenMigrations } from '@atendo/api';
import { defineFeature } from '../featureModule.js';

/** Sign-in, refresh, sign-out and password reset (with the development outbox); the password hashes and refresh tokens live in tables of their own. */
export const auth = defineFeature({
  name: 'auth',
  routes: ({ auth, knex, store, mailer, outbox }) => [
    ...authRoutes(auth),
    ...passwordResetRoutes({ knex, store, users: auth.users, credentials: auth.credentials, refreshTokens: auth.refreshTokens, mailer }),
    ...(outbox ? [outbox.route()] : []),
  ],
  migrations: [...refreshTokenMigrations, ...credentialMigrations, ...rateLimitMigrations, ...passwordResetMigrations],
  errors: AUTH_ERRORS,
  probe: {
    // A password reset names an e-mail, not a company's record; it answers the same to anyone.
    resources: { 'forgetpassword.email': null, 'resetpasswords.email': null, 'resetpasswords.token': null, 'resetpasswords.newPassword': null },
  },
});
