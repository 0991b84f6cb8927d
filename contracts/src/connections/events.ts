import type { ChannelKind, SessionStatus } from '../api.js';

/**
 * A WhatsApp connection's settings. Its events keep the name `Whatsapp…`: that is how the log has them. The fields
 * marked optional came after the first connections were written: an event without them reads as their default
 * (`WHATSAPP_DEFAULTS`). The connection's API token is a credential and never in the log (decision 0015).
 */
export interface WhatsappFields {
  companyId: number;
  name: string;
  isDefault: boolean;
  provider: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  queueIds: number[];
  expiresInactiveMessage?: string;
  promptId?: number | null;
  integrationId?: number | null;
  transferQueueId?: number | null;
  timeToTransfer?: number | null;
  /** Which channel adapter runs the session (connections written before it existed are the demo's simulator). */
  channel?: ChannelKind;
}

/** What a connection written before a field existed holds for it. */
export const WHATSAPP_DEFAULTS = {
  expiresInactiveMessage: '',
  promptId: null,
  integrationId: null,
  transferQueueId: null,
  timeToTransfer: null,
  channel: 'simulator',
} as const satisfies Required<Pick<WhatsappFields, 'expiresInactiveMessage' | 'promptId' | 'integrationId' | 'transferQueueId' | 'timeToTransfer' | 'channel'>>;

/** A connection's session state, as the channel reports it; its own stream, because it changes often. */
export type WhatsappSessionEvent =
  | {
      type: 'WhatsappSessionChanged';
      /** `reason`: why the session stopped or is stuck, in English for operators (absent when nothing to say). */
      data: { whatsappId: number; status: SessionStatus; qrcode: string; reason?: string };
    }
  /** The connection's recent sends all failed (degraded), or one got through again; `reason` is the last failure. */
  | { type: 'WhatsappDeliveryChanged'; data: { whatsappId: number; degraded: boolean; reason: string } };

/**
 * A company's roster of connections (decision 0018): which connections it has and which one is the default, in one
 * stream, so the plan's limit and the default rules are decided where two writers cannot both win.
 */
export type WhatsappRosterEvent =
  | { type: 'WhatsappRosterStarted'; data: { whatsappIds: number[]; defaultId: number | null } }
  | { type: 'WhatsappEnrolled'; data: { whatsappId: number } }
  | { type: 'WhatsappUnenrolled'; data: { whatsappId: number } }
  | { type: 'DefaultWhatsappChosen'; data: { whatsappId: number; previousId: number | null } };

export type ConnectionEvent =
  | { type: 'WhatsappCreated'; data: { id: number } & WhatsappFields }
  | { type: 'WhatsappUpdated'; data: { id: number; changes: Partial<WhatsappFields> } }
  | { type: 'WhatsappDeleted'; data: { id: number } }
  | WhatsappSessionEvent;
