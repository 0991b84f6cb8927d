import type { Ack, MediaType } from '../api.js';

/** Messages of a ticket: received from the customer, or queued by an agent and then sent and acknowledged. */
export type MessageEvent =
  | {
      type: 'MessageReceived';
      data: {
        ticketId: number;
        messageId: string;
        whatsappId: number;
        body: string;
        mediaType: MediaType;
        /** When the customer sent it (ISO). */
        sentAt: string;
        quotedMessageId: string | null;
        /** The stored file of an image, video, audio, document or sticker (`/public/…`); absent for text. */
        mediaUrl?: string;
      };
    }
  | {
      type: 'MessageQueued';
      data: {
        ticketId: number;
        messageId: string;
        whatsappId: number;
        body: string;
        userId: number;
        quotedMessageId: string | null;
        /** A file sent by the agent: its kind and stored file (`/public/…`); `voice` for audio recorded in the console. */
        mediaType?: MediaType;
        mediaUrl?: string;
        voice?: boolean;
      };
    }
  /**
   * Someone typed a reply on the connected phone itself (WhatsApp on the phone or WhatsApp Web), not through the
   * platform: it shows in the conversation as sent, and the bot stops on the ticket (a person took over).
   */
  | {
      type: 'MessageTypedOnPhone';
      data: { ticketId: number; messageId: string; whatsappId: number; body: string; mediaType: MediaType; sentAt: string; quotedMessageId: string | null; mediaUrl?: string };
    }
  | { type: 'MessageDispatched'; data: { ticketId: number; messageId: string; providerMessageId: string } }
  /**
   * An agent deleted a message the platform sent (spec: only one's own): shown deleted, and WhatsApp asked to delete it
   * for everyone when it was sent (`providerMessageId`).
   */
  | { type: 'MessageDeleted'; data: { ticketId: number; messageId: string; whatsappId: number; providerMessageId: string | null } }
  /** Sent, but whether it reached WhatsApp is unknown (no confirmation): acks for `providerMessageId` settle it. */
  | { type: 'MessageDispatchUncertain'; data: { ticketId: number; messageId: string; providerMessageId: string; reason: string } }
  /** WhatsApp refused it before anything was sent. */
  | { type: 'MessageDispatchFailed'; data: { ticketId: number; messageId: string; reason: string } }
  /** A later ack proves it arrived: a failed message that is acknowledged after all is no longer failed. */
  | { type: 'MessageAckChanged'; data: { ticketId: number; messageId: string; ack: Ack } }
  /**
   * Sent, then refused by WhatsApp (an error ack such as 463) or never acknowledged by its server within the bound:
   * it did not reach the customer. The console shows the reason and offers to send it again.
   */
  | { type: 'MessageDeliveryFailed'; data: { ticketId: number; messageId: string; reason: string } }
  /** The customer edited a message they sent: its text is now `body`. */
  | { type: 'MessageEdited'; data: { ticketId: number; messageId: string; body: string } }
  /** The customer deleted a message they sent, for everyone: the console shows it as deleted. */
  | { type: 'MessageRevoked'; data: { ticketId: number; messageId: string } };
