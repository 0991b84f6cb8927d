import type { SessionStatus } from '../api.js';

/** A WhatsApp connection's settings. Its events keep the name `Whatsapp…`: that is how the log has them. */
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
}

/** A connection's session state, as the channel reports it; its own stream, because it changes often. */
export type WhatsappSessionEvent = { type: 'WhatsappSessionChanged'; data: { whatsappId: number; status: SessionStatus; qrcode: string } };

export type ConnectionEvent =
  | { type: 'WhatsappCreated'; data: { id: number } & WhatsappFields }
  | { type: 'WhatsappUpdated'; data: { id: number; changes: Partial<WhatsappFields> } }
  | { type: 'WhatsappDeleted'; data: { id: number } }
  | WhatsappSessionEvent;
