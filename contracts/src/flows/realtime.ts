import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { FlowCampaignFeedPayload, FlowFeedPayload } from './api.js';

/** The realtime channels of flows, with the payload each carries. */
export const FLOWS_CHANNELS = defineChannels({
  flow: feedChannel<FlowFeedPayload>(),
  flowcampaign: feedChannel<FlowCampaignFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof FLOWS_CHANNELS> {}
}
