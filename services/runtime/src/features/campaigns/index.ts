import { CAMPAIGNS_CHANNELS, CAMPAIGNS_ERRORS, CAMPAIGNS_PERMISSIONS, CAMPAIGNS_PLAN_FLAGS } from '@atendo/contracts/campaigns';
import { campaignRoutes } from '@atendo/api';
import { campaignIdMigrations } from '@atendo/core';
import { campaignMigrations, campaignsProjection, sendGovernorMigrations } from '@atendo/read';
import { CampaignDispatcher } from './campaignDispatcher.js';
import { defineFeature } from '../featureModule.js';

/**
 * Mass-message campaigns (issue 14, decision 0028): the campaign and settings routes, their read models, and the jobs
 * role's dispatcher, which paces each campaign by its settings and each connection by its send governor.
 */
export const campaigns = defineFeature({
  name: 'campaigns',
  permissions: CAMPAIGNS_PERMISSIONS,
  planFlags: CAMPAIGNS_PLAN_FLAGS,
  errors: CAMPAIGNS_ERRORS,
  routes: ({ knex, store, ids, media, readYourWrites }) => campaignRoutes({ knex, store, ids, storage: media.storage, readYourWrites }),
  migrations: [...campaignIdMigrations, ...campaignMigrations, ...sendGovernorMigrations],
  projections: [campaignsProjection],
  channels: CAMPAIGNS_CHANNELS,
  processes: ({ knex, databaseUrl, store, conversations, log, clock, campaignRandom, governors }) => [
    new CampaignDispatcher({ knex, databaseUrl, store, conversations, log, clock, governors, ...(campaignRandom ? { random: campaignRandom } : {}) }),
  ],
  probe: {
    resources: { 'campaigns.id': 'campaign' },
    async make(b) {
      const campaign = await b.api<{ id: number }>('/campaigns', { body: { name: 'Campanha em massa da B', whatsappId: Number(b.theirs.whatsapp), contactListId: Number(b.theirs.contactList), message1: 'Oi da B' } });
      return { campaign: String(campaign.id) };
    },
    observe: (b) => b.api(`/campaigns/${b.theirs.campaign}`),
    ours: async (a) => ({ campaign: String((await a.api<{ id: number }>('/campaigns', { body: { name: 'Campanha da A', whatsappId: Number(a.theirs.whatsapp), message1: 'Oi da A' } })).id) }),
    bodies: (a) => ({
      'POST /campaigns': { body: { name: 'Campanha sonda', whatsappId: Number(a.whatsapp) } },
      'PUT /campaigns/{id}': { path: a.campaign, body: {} },
    }),
  },
});
