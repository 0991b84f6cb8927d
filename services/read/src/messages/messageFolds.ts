import type { RecordedEvent } from '@atendo/contracts';
import type { MessageRow } from '../tickets/rows.js';
import { messageKey } from '../tickets/rows.js';
import type { RowFolds, StreamRows } from '../tickets/folds.js';

/** A message's row as it changes after it is written; an update is told with the row as of that event. */
function updateMessage({ messages, touched }: StreamRows, e: RecordedEvent, ticketId: number, messageId: string, change: (row: MessageRow) => Partial<MessageRow>): void {
  const key = messageKey(e.metadata.companyId, messageId);
  const row = messages.update(key, change);
  if (row) touched.push({ event: e, ticketId, messageKey: key, messageAt: row });
}

/** What a new message's row takes from its event; the rest is the same for every new message. */
type NewMessage = Pick<
  MessageRow,
  'id' | 'ticket_id' | 'whatsapp_id' | 'body' | 'from_me' | 'media_type' | 'media_url' | 'quoted_id' | 'ack' | 'read' | 'provider_message_id' | 'user_id' | 'created_at'
>;

/** A new message's row, of the ticket's contact, written at the event's place in the log. */
function addMessage({ messages, touched }: StreamRows, e: RecordedEvent, contactId: number, m: NewMessage): void {
  const companyId = e.metadata.companyId;
  const key = messageKey(companyId, m.id);
  messages.set({
    key, id: m.id, company_id: companyId, ticket_id: m.ticket_id, contact_id: contactId, whatsapp_id: m.whatsapp_id, body: m.body, from_me: m.from_me,
    media_type: m.media_type, media_url: m.media_url, quoted_id: m.quoted_id, ack: m.ack, is_deleted: false, is_edited: false, read: m.read,
    provider_message_id: m.provider_message_id, user_id: m.user_id, failed: false, failure_reason: null, ordinal: e.position.prepare, created_at: m.created_at,
  });
  touched.push({ event: e, ticketId: m.ticket_id, messageKey: key });
}

/** Messages in and out, and the ticket's last message and unread count they move. */
export const messageFolds: RowFolds = {
  MessageReceived(rows, e, d) {
    const at = e.metadata.occurredAt;
    const t = rows.tickets.update(d.ticketId, (row) => ({ last_message: d.body, unread_messages: row.unread_messages + 1, updated_at: at }));
    if (!t) return;
    addMessage(rows, e, t.contact_id, {
      id: d.messageId, ticket_id: d.ticketId, whatsapp_id: d.whatsappId, body: d.body, from_me: false, media_type: d.mediaType, media_url: d.mediaUrl ?? null,
      quoted_id: d.quotedMessageId, ack: 0, read: false, provider_message_id: d.messageId, user_id: null, created_at: d.sentAt,
    });
  },
  // Typed on the connected phone: sent already (ack 1), by no agent of the platform.
  MessageTypedOnPhone(rows, e, d) {
    const t = rows.tickets.update(d.ticketId, () => ({ last_message: d.body, updated_at: e.metadata.occurredAt }));
    if (!t) return;
    addMessage(rows, e, t.contact_id, {
      id: d.messageId, ticket_id: d.ticketId, whatsapp_id: d.whatsappId, body: d.body, from_me: true, media_type: d.mediaType, media_url: d.mediaUrl ?? null,
      quoted_id: d.quotedMessageId, ack: 1, read: true, provider_message_id: d.messageId, user_id: null, created_at: d.sentAt,
    });
  },
  MessageQueued(rows, e, d) {
    const at = e.metadata.occurredAt;
    const t = rows.tickets.update(d.ticketId, () => ({ last_message: d.body, updated_at: at }));
    if (!t) return;
    addMessage(rows, e, t.contact_id, {
      id: d.messageId, ticket_id: d.ticketId, whatsapp_id: d.whatsappId, body: d.body, from_me: true, media_type: d.mediaType ?? 'chat', media_url: d.mediaUrl ?? null,
      quoted_id: d.quotedMessageId, ack: 0, read: true, provider_message_id: null, user_id: d.userId || null, created_at: at,
    });
  },
  MessageDispatched(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, (row) => ({ provider_message_id: d.providerMessageId, ack: Math.max(row.ack, 1) }));
  },
  // An uncertain send keeps ack 0 ("sending") until an ack for its provider id says it arrived.
  MessageDispatchUncertain(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ provider_message_id: d.providerMessageId }));
  },
  MessageDispatchFailed(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ failed: true, failure_reason: d.reason }));
  },
  MessageDeliveryFailed(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ failed: true, failure_reason: d.reason }));
  },
  MessageEdited(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ body: d.body, is_edited: true }));
  },
  // Deleted by its agent: shown as deleted, like a customer's revoked message.
  MessageDeleted(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ is_deleted: true }));
  },
  MessageRevoked(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ is_deleted: true }));
  },
  MessageAckChanged(rows, e, d) {
    updateMessage(rows, e, d.ticketId, d.messageId, () => ({ ack: d.ack, failed: false, failure_reason: null }));
  },
};
