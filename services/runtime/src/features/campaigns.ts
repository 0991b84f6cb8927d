import { CAMPAIGNS_ERRORS } from '@atendo/contracts';
import { campaignRoutes } from '@atendo/api';
import { campaignIdMigrations } from '@atendo/core';
import { campaignMigrations, campaignsProjection, sendGovernorMigrations } from '@atendo/read';
import { CampaignDispatcher } from './campaigns/campaignDispatcher.js';
import { defineFeature } from './featureModule.js';

/**
 * Mass-message campaigns (issue 14, decision 0028): the campaign and settings routes, their read models, and the jobs
 * role's dispatcher, which paces each campaign by its settings and each connection by its send governor.
 */
export const campaigns = defineFeature({
  name: 'campaigns',
  errors: CAMPAIGNS_ERRORS,
  routes: ({ knex, store, ids, media, api }) => campaignRoutes({ knex, store, ids, storage: media.storage, readYourWrites: api.readYourWrites }),
  migrations: [...campaignIdMigrations, ...campaignMigrations, ...sendGovernorMigrations],
  projections: [campaignsProjection],
  channels: ['campaign'],
  processes: ({ knex, databaseUrl, store, conversations, log, clock, campaignRandom, governors }) => [
    new CampaignDispatcher({ knex, databaseUrl, store, conversations, log, clock, governors, ...(campaignRandom ? { random: campaignRandom } : {}) }),
  ],
});
