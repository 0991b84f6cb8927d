import type { Ack, TicketStatus } from '../api.js';
import type { MessageEvent } from '../messages/events.js';
import type { TicketEvent } from '../tickets/events.js';
import type { ChatbotEvent } from '../chatbot/events.js';
import type { RatingEvent } from '../ratings/events.js';
import type { TimerEvent } from '../timers/events.js';
import type { TicketTagEvent } from '../tags/events.js';
import type { TicketFlowEvent } from '../flows/conversation.js';

/** The contact record: a customer (a phone number) of one company. */
export type ContactEvent =
  | { type: 'ContactCreated'; data: { contactId: number; number: string; name: string; isGroup: boolean } }
  | { type: 'ContactRenamed'; data: { contactId: number; name: string } }
  /** A person edited the contact (the contacts page, or an import's extra fields): what it holds now. */
  | { type: 'ContactUpdated'; data: { contactId: number; name: string; email: string; extraInfo: Array<{ name: string; value: string }> } }
  /** The contact is gone, with its tickets (each a `TicketDeleted` just before); a new message makes a new one. */
  | { type: 'ContactDeleted'; data: { contactId: number; userId: number } }
  /** This contact (known only by a LID) turned out to be the number `intoNumber`: its conversation goes on there. */
  | { type: 'ContactMergedInto'; data: { contactId: number; intoNumber: string } }
  /**
   * Another contact of the same person (`fromNumber`, a LID) joins this one: its tickets and their messages are this
   * contact's from now on; `contactId` is the one contact left (the other's, renamed to this number, when this
   * stream had none). What the other stream knew of its tickets and sends comes along, so acks and replies go on.
   */
  | {
      type: 'ContactMerged';
      data: {
        contactId: number;
        number: string;
        name: string;
        fromContactId: number;
        fromNumber: string;
        fromStreamId: string;
        tickets: Array<{ id: number; uuid: string; status: TicketStatus; userId: number | null; queueId: number | null; whatsappId: number; unread: number }>;
        currentTicketId: number | null;
        received: string[];
        outbound: Array<[messageId: string, ticketId: number, providerMessageId: string | null, ack: Ack, failed: boolean]>;
      };
    };

/**
 * Everything the customer's stream `contact-{companyId}.{number}` holds: the contact, its tickets and their
 * messages, one stream so that its rules hold under concurrency (decision 0007).
 */
export type ContactStreamEvent = ContactEvent | TicketEvent | MessageEvent | ChatbotEvent | RatingEvent | TimerEvent | TicketTagEvent | TicketFlowEvent;

/** Every event type of the customer's stream (the write side folds each; the tickets read model reads them). */
export const CONTACT_STREAM_EVENT_TYPES = [
  'ContactCreated',
  'ContactRenamed',
  'ContactMergedInto',
  'ContactMerged',
  'TicketOpened',
  'MessageReceived',
  'TicketAccepted',
  'TicketResolved',
  'TicketReopened',
  'TicketReturnedToQueue',
  'TicketRead',
  'TicketDeleted',
  'MessageQueued',
  'MessageDispatched',
  'MessageDispatchUncertain',
  'MessageDispatchFailed',
  'MessageAckChanged',
  'MessageDeliveryFailed',
  'MessageEdited',
  'MessageRevoked',
  'TicketQueueChosen',
  'ChatbotAdvanced',
  'ChatbotStopped',
  'ChatbotOutOfHours',
  'ChatbotGreeted',
  'TicketTransferred',
  'TicketRatingAsked',
  'TicketRated',
  'TicketRatingDropped',
  'TimerArmed',
  'TimerFired',
  'MessageTypedOnPhone',
  'ChatbotResumed',
  'TicketTagged',
  'TicketUntagged',
  'MessageDeleted',
  'ContactUpdated',
  'ContactDeleted',
  'FlowRequested',
  'FlowReplyRouted',
  'FlowDetached',
] as const satisfies ReadonlyArray<ContactStreamEvent['type']>;
