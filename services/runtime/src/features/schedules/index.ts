import { SCHEDULES_CHANNELS, SCHEDULES_ERRORS, SCHEDULES_PLAN_FLAGS } from '@atendo/contracts/schedules';
import { scheduleRoutes } from '@atendo/api/schedules';
import { scheduleIdMigrations } from '@atendo/core/schedules';
import { scheduleMigrations, schedulesProjection } from '@atendo/read/schedules';
import { ScheduleRunner } from './scheduleRunner.js';
import { defineFeature } from '../featureModule.js';

/** A moment a day from now (a schedule the probe makes must lie ahead). */
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

/**
 * Scheduled messages (issue 14, decision 0030): any user schedules a message to a contact; the jobs role sends it at
 * its time (late after downtime rather than never, never twice) through the chosen, the ticket's or the default
 * connection. Gated by the plan's `useSchedules`.
 */
export const schedules = defineFeature({
  name: 'schedules',
  planFlags: SCHEDULES_PLAN_FLAGS,
  errors: SCHEDULES_ERRORS,
  routes: ({ knex, store, ids, media, readYourWrites }) => scheduleRoutes({ knex, store, ids, storage: media.storage, readYourWrites }),
  migrations: [...scheduleIdMigrations, ...scheduleMigrations],
  projections: [schedulesProjection],
  channels: SCHEDULES_CHANNELS,
  processes: ({ knex, databaseUrl, store, conversations, log, clock, governors }) => [new ScheduleRunner({ knex, databaseUrl, store, conversations, log, clock, governors })],
  probe: {
    resources: { 'schedules.id': 'schedule' },
    async make(b) {
      const schedule = await b.api<{ id: number }>('/schedules', { body: { body: 'Lembrete da B', contactId: Number(b.theirs.ticketContact), sendAt: new Date(Date.now() + 86_400_000).toISOString() } });
      return { schedule: String(schedule.id) };
    },
    observe: (b) => b.api(`/schedules/${b.theirs.schedule}`),
    ours: async (a) => ({ schedule: String((await a.api<{ id: number }>('/schedules', { body: { body: 'Lembrete da A', contactId: Number(a.theirs.ticketContact), sendAt: inADay() } })).id) }),
    bodies: (a) => ({
      'POST /schedules': { body: { body: 'Lembrete sonda', contactId: Number(a.ticketContact), sendAt: inADay() } },
      'PUT /schedules/{id}': { path: a.schedule, body: {} },
    }),
  },
});
