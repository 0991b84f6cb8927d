import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { PaymentFeedPayload } from './invoice.js';

/** The realtime channels of billing: `payment` (action CONCLUIDA) reaches the company's admins when an invoice is paid. */
export const BILLING_CHANNELS = defineChannels({
  payment: feedChannel<PaymentFeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof BILLING_CHANNELS> {}
}
