import { DASHBOARD_PERMISSIONS, type DashboardAnswer, type DashboardTimes } from '@atendo/contracts/dashboard';
import { dashboardRoutes } from '@atendo/api/dashboard';
import { businessMinutes, hasOpeningHours } from '@atendo/core/dashboard';
import { dashboardMigrations, ticketTimesProjection } from '@atendo/read/dashboard';
import { defineFeature } from '../featureModule.js';

/**
 * The dashboard (issue 35, decision 0052): counters, attendants and the seeds' charts, first response, resolution and
 * wait times in wall-clock and business minutes per queue, agent and connection, and the per-ticket export, read from
 * `ticket_times`, a projection of the tickets' events. For the company's admins (`dashboard:view`).
 */
export const dashboard = defineFeature({
  name: 'dashboard',
  permissions: DASHBOARD_PERMISSIONS,
  routes: ({ knex, clock }) => dashboardRoutes({ knex, clock }),
  migrations: dashboardMigrations,
  projections: [ticketTimesProjection({ businessMinutes, hasOpeningHours })],
  probe: {
    // Its routes take no ids: what B's admin reads of B's tickets must not change while A probes.
    resources: {},
    async observe(b) {
      const { counters, attendants } = await b.api<DashboardAnswer>('/dashboard?days=90');
      const times = await b.api<DashboardTimes>('/dashboard/times?days=90&by=queue');
      return { counters, attendants: attendants.map(({ online: _online, ...a }) => a), times };
    },
  },
});
