import type { Ack, ChannelKind, MediaType, SessionStatus } from '@atendo/contracts';

/**
 * The WhatsApp channel port. A provider (the simulator now, Baileys later) runs one session per connection and
 * reports what happens on it to the platform through a ChannelSink; the platform sends through the provider.
 * Nothing else in Atendo knows which provider is in use.
 */

/** A message a customer sent, as the provider received it. */
export interface InboundMessage {
  connectionId: number;
  /** Provider-given id, unique within the connection: the platform derives its event id from it. */
  providerMessageId: string;
  /**
   * The customer's number, digits only with country code (e.g. 5511999990001); when WhatsApp gave only their LID, the
   * LID's digits (and `lid` says so).
   */
  from: string;
  /** The name the customer shows on WhatsApp, if any. */
  pushName?: string;
  body: string;
  mediaType: MediaType;
  /** When the customer sent it (ms since epoch). */
  timestamp: number;
  isGroup?: boolean;
  quotedProviderMessageId?: string;
  /** WhatsApp's privacy id (LID) of the customer, when the message came from or revealed one. */
  lid?: string;
  /** An image, video, voice note, document or sticker: the platform stores it before it records the message. */
  media?: InboundMedia;
  /**
   * Typed on the connected phone itself (not sent by the platform): `from` is then the customer it was written to.
   * The platform's own sends echoed back never come through as this (the provider knows their ids).
   */
  fromMe?: boolean;
}

export type InboundChange =
  | { kind: 'edit'; changeId: string; targetProviderMessageId: string; body: string }
  | { kind: 'revoke'; changeId: string; targetProviderMessageId: string };

export interface InboundCall {
  callId: string;
  /** As InboundMessage.from: the number's digits, or the LID's when that is all WhatsApp gave (then `lid` says so). */
  from: string;
  lid?: string;
  isVideo: boolean;
  /** ms since epoch */
  timestamp: number;
}

export interface InboundMedia {
  mimetype: string;
  fileName?: string;
  /** A voice note recorded in the chat (rather than an audio file). */
  ptt?: boolean;
  /** The bytes, fetched (and decrypted) only when the platform asks; may be asked again after a failure. */
  open(): Promise<NodeJS.ReadableStream>;
}

/** What the platform does with what a session reports. Each call resolves once the fact is durably recorded. */
export interface ChannelSink {
  /**
   * Records an inbound message. Resolves only after it is in the event log; the provider acknowledges the
   * message to WhatsApp (or the simulator) only then, so a crash before that makes WhatsApp deliver it again.
   * Recording the same providerMessageId twice is a no-op.
   */
  inbound(message: InboundMessage): Promise<void>;
  /**
   * Sets aside a message that `inbound` kept refusing, so the customer's later messages are not held behind it
   * forever. Resolves once it is durably kept (visible to operators and retryable); the provider then acknowledges it.
   */
  park(message: InboundMessage, reason: string): Promise<void>;
  /**
   * A sent message's delivery state moved (1 pending, 2 server, 3 delivered, 4 read, 5 played as WhatsApp numbers them);
   * 0 is an error ack: WhatsApp refused it after accepting the send, `reason` says why (e.g. its code 463).
   */
  ack(connectionId: number, providerMessageId: string, ack: Ack, reason?: string): Promise<void>;
  /**
   * The session's state changed; `qrcode` is the pairing payload while status is 'qrcode', else ''. `reason` says why
   * a session stopped or is stuck (a QR code nobody scanned, a number WhatsApp refuses), for the connections page.
   */
  status(connectionId: number, status: SessionStatus, qrcode: string, reason?: string): Promise<void>;
  /**
   * The body of a message this platform sent, for WhatsApp's retry requests (a phone that could not decrypt it asks
   * again): read from the log, so no provider keeps a message store in memory. Undefined when unknown.
   */
  sentMessage?(connectionId: number, providerMessageId: string): Promise<{ body: string } | undefined>;
  /**
   * A customer is calling (a voice or video call offer). The platform records it in the conversation and answers
   * whether the provider should decline it (the company's `call` setting disabled).
   */
  call?(connectionId: number, call: InboundCall): Promise<'decline' | 'ignore'>;
  /**
   * A customer edited, or deleted for everyone, a message they sent (`changeId` is WhatsApp's id of the change, so a
   * redelivered change is recorded once). A change to a message the platform never recorded is ignored.
   */
  change?(connectionId: number, change: InboundChange): Promise<void>;
  /** WhatsApp revealed that a LID (its privacy id, digits) and a phone number (digits) are the same person. */
  identity?(connectionId: number, lid: string, pn: string): Promise<void>;
}

export interface OutboundMessage {
  connectionId: number;
  to: string;
  body: string;
  /**
   * The platform's id of the message. Sending the same key again (after a crash, or when the outcome of a send was
   * unknown) confirms the first send with the same provider message id and does not reach the customer twice.
   */
  idempotencyKey: string;
  quotedProviderMessageId?: string;
  /** A file to send, `body` as its caption (a document's file name when it has no caption). */
  media?: OutboundMedia;
}

export interface OutboundMedia {
  mediaType: MediaType;
  mimetype: string;
  fileName: string;
  /** Audio recorded in the console: sent as a voice note. */
  voice: boolean;
  /** The bytes, opened for each try. */
  open(): Promise<NodeJS.ReadableStream>;
}

/** The provider refused to send: nothing reached WhatsApp (e.g. ERR_WAPP_NOT_INITIALIZED, ERR_WAPP_INVALID_CONTACT). */
export class ChannelError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/**
 * Nobody knows whether the message reached WhatsApp: the confirmation did not come in time, or the connection
 * dropped after the message left. The acks that follow (or a second send with the same key) settle it.
 */
export class SendOutcomeUnknownError extends Error {
  readonly code = 'ERR_SENDING_WAPP_MSG';
  constructor(message: string) {
    super(message);
    this.name = 'SendOutcomeUnknownError';
  }
}

export interface SessionInfo {
  connectionId: number;
  companyId: number;
  name: string;
  /** Which provider runs it (the channel router reads it; a provider ignores it). */
  channel?: ChannelKind;
}

export interface ChannelProvider {
  readonly name: string;
  /** Opens (or resumes) a connection's session: reports OPENING, then qrcode or CONNECTED through the sink. */
  startSession(session: SessionInfo, sink: ChannelSink): Promise<void>;
  /**
   * The provider message id a send with this idempotency key gets, known before sending, so that acks can be matched
   * to the message even when the send's confirmation was lost.
   */
  providerMessageId(idempotencyKey: string, connectionId: number): string;
  /**
   * Sends a text; resolves with the provider's message id once the provider accepted it. Rejects with a ChannelError
   * when it refused the message before sending anything, and with a SendOutcomeUnknownError otherwise.
   */
  send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: number }>;
  /**
   * Whether a number has WhatsApp, asked through the connection's session (WhatsApp leaves unknown numbers out of its
   * answer). Rejects with ChannelError ERR_WAPP_NOT_INITIALIZED when the session is not connected.
   */
  checkNumber?(connectionId: number, number: string): Promise<boolean>;
  /**
   * Deletes a sent message for everyone (WhatsApp's "delete for everyone"). Rejects with a ChannelError when the
   * session cannot do it now.
   */
  revoke?(connectionId: number, to: string, providerMessageId: string): Promise<void>;
  /** Logs the session out (the phone unlinks); reports DISCONNECTED. */
  logout(connectionId: number): Promise<void>;
  /** Stops the session in this process without logging out (shutdown). */
  stopSession(connectionId: number): Promise<void>;
  close(): Promise<void>;
}
