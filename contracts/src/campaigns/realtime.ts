import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { CampaignFeedPayload } from './campaign.js';

/** The realtime channels of campaigns, with the payload each carries. */
export const CAMPAIGNS_CHANNELS = defineChannels({
  campaign: feedChannel<CampaignFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof CAMPAIGNS_CHANNELS> {}
}
