import type { Ack, SessionStatus } from '@atendo/contracts';

/**
 * The wire protocol between the simulated WhatsApp server and the platform's SimulatorProvider: one WebSocket per
 * connection at `/platform?connectionId=N`, carrying small JSON frames.
 */

export const PLATFORM_PATH = '/platform';

/** The frame or the URL made no sense. */
export const CLOSE_BAD_REQUEST = 4000;
/** Another platform socket took this session over; the older one must not fight back by reconnecting. */
export const CLOSE_REPLACED = 4001;
/** The session was logged out (by the platform or by the phone); reconnecting would only show a new QR code. */
export const CLOSE_LOGGED_OUT = 4002;

/** A customer's text as the simulator hands it to the platform. */
export interface WireInbound {
  id: string;
  from: string;
  pushName?: string;
  body: string;
  /** ms since epoch */
  timestamp: number;
  quotedId?: string;
  /** Typed on the simulated phone to the customer `from` (a person answering outside the platform). */
  fromMe?: boolean;
}

/** A file the platform sent: the simulated phone shows what it is (the bytes stay with the platform). */
export interface WireMedia {
  mediaType: string;
  mimetype: string;
  fileName: string;
  size: number;
  voice?: boolean;
}

export type ServerFrame =
  | { type: 'status'; status: SessionStatus; qrcode: string }
  | { type: 'inbound'; messages: WireInbound[] }
  | { type: 'ack'; providerMessageId: string; ack: Ack }
  | { type: 'sent'; requestId: number; providerMessageId: string; timestamp: number }
  | { type: 'error'; requestId?: number; error: string; message: string };

export type PlatformFrame =
  /** These inbound messages are durably recorded: the simulator forgets them. */
  | { type: 'ack-inbound'; ids: string[] }
  /** These delivery states are recorded: the simulator stops repeating them. */
  | { type: 'ack-received'; acks: Array<{ providerMessageId: string; ack: Ack }> }
  /** `id` is the platform's idempotency key and becomes the message's id: the same id twice is one message. */
  | { type: 'send'; requestId: number; id?: string; to: string; body: string; quotedId?: string; media?: WireMedia }
  /** Delete a sent message for everyone: the customer's phone shows it deleted. */
  | { type: 'revoke'; id: string; to: string }
  | { type: 'logout' };
