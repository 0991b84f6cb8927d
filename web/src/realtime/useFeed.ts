import {
  channelName,
  type AnnouncementFeedPayload,
  type AppMessageFeedPayload,
  type AuthFeedPayload,
  type CampaignFeedPayload,
  type ContactFeedPayload,
  type ContactListFeedPayload,
  type ContactListItemFeedPayload,
  type FeedChannel,
  type FileListFeedPayload,
  type FlowCampaignFeedPayload,
  type FlowFeedPayload,
  type PromptFeedPayload,
  type QueueIntegrationFeedPayload,
  type QuickMessageFeedPayload,
  type ScheduleFeedPayload,
  type SettingsFeedPayload,
  type TagFeedPayload,
  type TicketFeedPayload,
  type UserFeedPayload,
  type WhatsappFeedPayload,
  type WhatsappSessionFeedPayload,
} from '@atendo/contracts';
import { useEffect, useRef } from 'react';
import { useRealtime } from './RealtimeContext';

/** Payloads of the channels the console listens to, by channel suffix (every channel of channels.ts a feature handles). */
export interface FeedPayloads {
  ticket: TicketFeedPayload;
  appMessage: AppMessageFeedPayload;
  auth: AuthFeedPayload;
  user: UserFeedPayload;
  settings: SettingsFeedPayload;
  announcement: AnnouncementFeedPayload;
  whatsapp: WhatsappFeedPayload;
  whatsappSession: WhatsappSessionFeedPayload;
  /** A queue to read again (its fields or its menu changed), or the one deleted (services/read/src/queues). */
  queue: { action: 'create' | 'update'; id: number } | { action: 'delete'; queueId: number };
  contact: ContactFeedPayload;
  /** Tags created, changed or deleted, and the tags a ticket carries (services/read/src/tags). */
  tag: TagFeedPayload;
  quickmessage: QuickMessageFeedPayload;
  /** File lists created, changed or deleted (services/read/src/files). */
  file: FileListFeedPayload;
  flow: FlowFeedPayload;
  flowcampaign: FlowCampaignFeedPayload;
  ContactList: ContactListFeedPayload;
  /** A list's contacts, and the WhatsApp check's verdicts as they are made. */
  ContactListItem: ContactListItemFeedPayload;
  campaign: CampaignFeedPayload;
  schedule: ScheduleFeedPayload;
  prompt: PromptFeedPayload;
  queueIntegration: QueueIntegrationFeedPayload;
}

/** Calls `handler` with every entry of `company-{companyId}-{channel}`; the latest handler is always used. */
export function useFeed<C extends keyof FeedPayloads & FeedChannel>(channel: C, handler: (payload: FeedPayloads[C]) => void): void {
  const { client, companyId } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.subscribe(channelName(companyId, channel), (payload) => latest.current(payload as unknown as FeedPayloads[C])), [client, companyId, channel]);
}

/** Calls `handler` when the server asks for lists to be fetched again. */
export function useFeedReload(handler: () => void): void {
  const { client } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.onReload(() => latest.current()), [client]);
}
