import type { MessageEvent } from '../messages/events.js';
import type { TicketEvent } from '../tickets/events.js';

/** The contact record: a customer (a phone number) of one company. */
export type ContactEvent =
  | { type: 'ContactCreated'; data: { contactId: number; number: string; name: string; isGroup: boolean } }
  | { type: 'ContactRenamed'; data: { contactId: number; name: string } };

/**
 * Everything the customer's stream `contact-{companyId}.{number}` holds: the contact, its tickets and their
 * messages, one stream so that its rules hold under concurrency (decision 0007).
 */
export type ContactStreamEvent = ContactEvent | TicketEvent | MessageEvent;

/** Every event type of the customer's stream (the write side folds each; the tickets read model reads them). */
export const CONTACT_STREAM_EVENT_TYPES = [
  'ContactCreated',
  'ContactRenamed',
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
] as const satisfies ReadonlyArray<ContactStreamEvent['type']>;
