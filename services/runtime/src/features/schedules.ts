import { SCHEDULES_ERRORS } from '@atendo/contracts';
import { scheduleRoutes } from '@atendo/api';
import { scheduleIdMigrations } from '@atendo/core';
import { scheduleMigrations, schedulesProjection } from '@atendo/read';
import { ScheduleRunner } from './schedules/scheduleRunner.js';
import { defineFeature } from './featureModule.js';

/**
 * Scheduled messages (issue 14, decision 0030): any user schedules a message to a contact; the jobs role sends it at
 * its time (late after downtime rather than never, never twice) through the chosen, the ticket's or the default
 * connection. Gated by the plan's `useSchedules`.
 */
export const schedules = defineFeature({
  name: 'schedules',
  errors: SCHEDULES_ERRORS,
  routes: ({ knex, store, ids, api, media }) => scheduleRoutes({ knex, store, ids, storage: media.storage, readYourWrites: api.readYourWrites }),
  migrations: [...scheduleIdMigrations, ...scheduleMigrations],
  projections: [schedulesProjection],
  channels: ['schedule'],
  processes: ({ knex, databaseUrl, store, conversations, log, clock, governors }) => [new ScheduleRunner({ knex, databaseUrl, store, conversations, log, clock, governors })],
});
