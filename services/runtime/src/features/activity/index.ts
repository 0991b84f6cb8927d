import { activityMigrations, activityProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

/** The audit overview: events per company, day and type, where an auditor starts before replaying a day. */
export const activity = defineFeature({
  name: 'activity',
  migrations: activityMigrations,
  projections: [activityProjection],
});
