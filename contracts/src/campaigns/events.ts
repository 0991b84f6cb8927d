import type { CampaignFields, CampaignVariant } from './campaign.js';
import type { SendGovernorReason } from './sendGovernor.js';

/**
 * A campaign (stream `campaign-{companyId}.{id}`): a record whose schedule and status move by events of their own,
 * and the fate of its message to each contact, keyed by the contact's number so that no number gets two.
 */
export type CampaignEvent =
  | { type: 'CampaignCreated'; data: { id: number } & CampaignFields }
  | { type: 'CampaignUpdated'; data: { id: number; changes: Partial<CampaignFields> } }
  | { type: 'CampaignDeleted'; data: { id: number } }
  /** INATIVA or PROGRAMADA → PROGRAMADA at `scheduledAt` (a new time replaces the old one). */
  | { type: 'CampaignScheduled'; data: { id: number; scheduledAt: string } }
  /** PROGRAMADA → INATIVA: its schedule was cleared. */
  | { type: 'CampaignUnscheduled'; data: { id: number } }
  /** PROGRAMADA → EM_ANDAMENTO; `validContacts` is how many numbers WhatsApp knows among its recipients. */
  | { type: 'CampaignStarted'; data: { id: number; startedAt: string; validContacts: number } }
  | { type: 'CampaignCancelled'; data: { id: number; cancelledAt: string } }
  /** CANCELADA → EM_ANDAMENTO: it goes on with the contacts that have not had their message. */
  | { type: 'CampaignRestarted'; data: { id: number; restartedAt: string; validContacts: number } }
  | { type: 'CampaignFinished'; data: { id: number; completedAt: string } }
  /** The message for `number` was handed to the connection's queue, to go at `dueAt` (`messageId` is deterministic). */
  | { type: 'CampaignMessageQueued'; data: { id: number; number: string; messageId: string; variant: CampaignVariant; body: string; dueAt: string } }
  | { type: 'CampaignDelivered'; data: { id: number; number: string; messageId: string; deliveredAt: string } }
  | { type: 'CampaignDeliveryFailed'; data: { id: number; number: string; messageId: string; reason: string; failedAt: string } }
  /** The connection's send governor holds the campaign back until `notBefore` (told once per reason, not per message). */
  | { type: 'CampaignSendDeferred'; data: { id: number; notBefore: string; reason: SendGovernorReason } };

export type CampaignEventType = CampaignEvent['type'];
