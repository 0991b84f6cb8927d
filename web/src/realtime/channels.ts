import type { FeedChannel } from '@atendo/contracts';

/**
 * Every realtime channel the server may send, as the console knows it: the console feature that handles it, or
 * that no screen shows it yet (its entries are received and dropped). A channel missing here fails the type check
 * and the channel test (test/channels.test.ts), so a feature cannot add a channel the console has not heard of.
 */
export const CONSOLE_CHANNELS: Record<FeedChannel, { feature: string } | { notShownYet: true }> = {
  ticket: { feature: 'tickets' },
  appMessage: { feature: 'tickets' },
  whatsapp: { feature: 'connections' },
  whatsappSession: { feature: 'connections' },
  user: { feature: 'users' },
  chat: { notShownYet: true },
  contact: { feature: 'contacts' },
  announcement: { feature: 'announcements' },
  auth: { feature: 'auth' },
  payment: { notShownYet: true },
  queue: { feature: 'queues' },
  tag: { feature: 'tags' },
  settings: { feature: 'settings' },
  quickmessage: { feature: 'quickMessages' },
  flow: { feature: 'flows' },
  flowcampaign: { feature: 'flows' },
  ContactList: { feature: 'contactLists' },
  ContactListItem: { feature: 'contactLists' },
  campaign: { feature: 'campaigns' },
  schedule: { feature: 'schedules' },
  file: { feature: 'files' },
  prompt: { feature: 'prompts' },
  queueIntegration: { feature: 'queueIntegrations' },
};
