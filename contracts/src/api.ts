/**
 * REST shapes of the console's calls (spec platform-core §7). Server answers and console types are these.
 * Dates are ISO-8601 strings.
 */
import type { Setting } from './settings/settings.js';

export type Profile = 'admin' | 'user';
export type TicketStatus = 'pending' | 'open' | 'closed';
/** The adapter a connection's session runs on: a real number through Baileys, or the simulator (outside production). */
export type ChannelKind = 'baileys' | 'simulator';
export const CHANNEL_KINDS = ['baileys', 'simulator'] as const satisfies readonly ChannelKind[];
export type SessionStatus = 'OPENING' | 'qrcode' | 'CONNECTED' | 'DISCONNECTED' | 'PAIRING' | 'TIMEOUT';
export type MediaType = 'chat' | 'image' | 'audio' | 'video' | 'application' | 'locationMessage' | 'vcard' | 'contactMessage' | 'call_log';
/** 0 pending, 1 sent to the server, 2 delivered, 3 read, 4 played, 5 (spec: up to 5). */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  companyId: number;
  profile: Profile;
  super: boolean;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queues: QueueRef[];
  /** `status` false: switched off by the platform (since `disabledAt`); its users cannot sign in. */
  company: { id: number; name: string; dueDate: string | null; status: boolean; disabledAt: string | null; settings: Setting[] };
}

export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /auth/login and POST /auth/refresh_token; the refresh token travels in the httpOnly cookie `jrt`. */
export interface LoginResponse {
  token: string;
  user: SessionUser;
  /** The session this sign-in began (its consoles ignore `auth` entries of their own session). */
  sessionId?: string;
}

export interface ContactSummary {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: QueueRef | null;
  whatsappId: number;
  whatsapp: { id: number; name: string } | null;
  contactId: number;
  contact: ContactSummary;
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  createdAt: string;
  isGroup: boolean;
  chatbot: boolean;
  tags: Array<{ id: number; name: string; color: string }>;
  companyId: number;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
}

/** GET /tickets query (all optional, strings on the wire). */
/** Ticket lists count their matches up to this many (a badge says "1000+" beyond): counting a million rows per page is not free. */
export const TICKET_COUNT_CAP = 1000;

export interface ListTicketsQuery {
  searchParam?: string;
  pageNumber?: number;
  /**
   * Where the previous page ended (`next` of its answer): the page after it, read from the index instead of skipping
   * rows, so page 100 costs what page 1 does. Takes precedence over pageNumber.
   */
  cursor?: string;
  tags?: number[];
  users?: number[];
  status?: TicketStatus;
  date?: string;
  updatedAt?: string;
  showAll?: boolean;
  queueIds?: number[];
  withUnreadMessages?: boolean;
}

export interface ListTicketsResponse {
  tickets: Ticket[];
  /** How many match, counted up to TICKET_COUNT_CAP; TICKET_COUNT_CAP + 1 means more (the console shows "1000+"). */
  count: number;
  hasMore: boolean;
  /** The cursor of the page after this one (when hasMore). */
  next?: string;
}

/** PUT /tickets/{id}: accept is `{status: 'open', userId}`; resolve `{status: 'closed', userId}`. */
export interface UpdateTicketRequest {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

export interface QuotedMessage {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  contact: { name: string } | null;
}

export interface Message {
  /** The WhatsApp message id (provider-given), unique within the connection. */
  id: string;
  ticketId: number;
  contactId: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  quotedMsg: QuotedMessage | null;
  /** 0 while sending (also while WhatsApp has not yet said whether a send arrived), then 1 sent, 2 delivered, 3 read. */
  ack: Ack;
  /** Ours only: WhatsApp refused it, it never reached the customer. */
  failed: boolean;
  /** Why it failed (WhatsApp's refusal, or no acknowledgement in time), null unless failed. */
  failureReason: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  read: boolean;
  createdAt: string;
  contact: { id: number; name: string } | null;
  /** Ours: the agent who wrote it (null: the bot, the API, the phone itself). Only she may delete it. */
  userId?: number | null;
}

/** A ticket's messages are counted up to this many (a conversation of a group can hold hundreds of thousands). */
export const MESSAGE_COUNT_CAP = 1000;

export interface ListMessagesResponse {
  messages: Message[];
  ticket: Ticket;
  /** How many the ticket has, counted up to MESSAGE_COUNT_CAP; MESSAGE_COUNT_CAP + 1 means more. */
  count: number;
  hasMore: boolean;
  /**
   * The cursor of the older page after this one (when hasMore): `GET /messages/{ticketId}?cursor=` reads the messages
   * before it from the index instead of skipping rows, and new messages arriving meanwhile move nothing.
   */
  next?: string;
}

/** POST /messages/{ticketId} (JSON form). */
export interface SendMessageRequest {
  body: string;
  quotedMsg?: { id: string } | null;
  read?: boolean;
  fromMe?: boolean;
}

export interface Whatsapp {
  id: number;
  name: string;
  status: SessionStatus;
  qrcode: string;
  isDefault: boolean;
  updatedAt: string;
  retries: number;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  provider: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  queues: QueueRef[];
  channel: ChannelKind;
  /** Why the session stopped or is stuck (QR not scanned in time, number banned …), '' when nothing to say. */
  statusReason: string;
  /** The connection's recent sends all failed: it is not working, whatever its session status says. */
  degraded: boolean;
}

export interface Queue extends QueueRef {
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  promptId: number | null;
  integrationId: number | null;
  /** Weekly hours (queues/queue.ts), read when the company's `scheduleType` is `queue`. */
  schedules: import('./queues/queue.js').QueueSchedule[];
}

/** Realtime payloads, by channel suffix (see realtime.ts for the envelope). */
export type TicketFeedPayload =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };
export type AppMessageFeedPayload = { action: 'create' | 'update'; message: Message; ticket: Ticket; contact: ContactSummary };
export type WhatsappSessionFeedPayload = { action: 'update'; session: Whatsapp };
export type WhatsappFeedPayload = { action: 'update'; whatsapp: Whatsapp } | { action: 'delete'; whatsappId: number };
