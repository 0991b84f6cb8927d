import { CONTACT_STREAM_EVENT_TYPES, type AppMessageFeedPayload, type Audience, type ContactStreamEvent, type RecordedEvent, type TicketFeedPayload } from '@atendo/contracts';
import type { Projection, ProjectionContext } from '../projections/projection.js';
import { RowCache } from '../projections/rowCache.js';
import { contactFolds } from '../contacts/contactFolds.js';
import { messageFolds } from '../messages/messageFolds.js';
import { composeFolds, type StreamRows, type Touched } from './folds.js';
import { ticketFolds } from './ticketFolds.js';
import { countShadowTickets } from './counts.js';
import { ticketTagFolds } from '../tags/ticketTagFolds.js';
import { ticketFlowFolds } from '../flows/ticketFlowFolds.js';
import { loadDirectory, messageKey, toMessage, toTicket, type ContactRow, type MessageRow, type TicketRow } from './rows.js';

export const ticketEventTypes: readonly ContactStreamEvent['type'][] = CONTACT_STREAM_EVENT_TYPES;

const CREATES_MESSAGE = new Set<string>(['MessageReceived', 'MessageQueued', 'MessageTypedOnPhone']);


/**
 * Who hears of a ticket. `wasPending`: it left the pending list in this batch (accepted, closed, given a queue), so
 * those who saw it there (users with allTicket, for one without a queue) hear it go.
 */
const ticketAudience = (t: TicketRow, also: Array<number | null> = [], wasPending = false): Audience => ({
  kind: 'ticket',
  queueId: t.queue_id,
  userIds: [...new Set([t.user_id, ...also].filter((u): u is number => u !== null))],
  ...(t.status === 'pending' || wasPending ? { pending: true } : {}),
});

/** Events that take a ticket off the pending list. */
const LEAVES_PENDING = new Set<string>(['TicketAccepted', 'TicketResolved', 'TicketTransferred', 'TicketQueueChosen', 'TicketDeleted']);

/** Each family of the customer's stream folds its own events (decision 0013); a new family adds its folds here. */
export const streamFolds = composeFolds(contactFolds, ticketFolds, messageFolds, ticketTagFolds, ticketFlowFolds);
type Fold = (rows: StreamRows, event: RecordedEvent, data: never) => void;

/** Contacts, tickets and messages: everything the tickets screen lists and shows. */
export const ticketsProjection: Projection = {
  name: 'tickets',
  // ticket_counts is kept by triggers on tickets (counts.ts).
  tables: ['contacts', 'tickets', 'messages', 'ticket_counts'],
  eventTypes: ticketEventTypes,
  // A customer's contact, tickets and messages all live in the customer's conversation stream…
  rowsPerStream: true,
  // …but for a merge of two contacts of one person, which moves the other stream's rows: folded alone, in order.
  barrierTypes: ['ContactMerged'],
  placementOnly: true,
  afterBulk: countShadowTickets,
  async apply(events, context) {
    // Rows are read into caches per run of events; a merge moves rows in the tables between two runs.
    let start = 0;
    for (let i = 0; i < events.length; i++) {
      if (events[i]!.type !== 'ContactMerged') continue;
      if (i > start) await applyRows(events.slice(start, i), context);
      await applyMerge(events[i]!, context);
      start = i + 1;
    }
    if (start < events.length) await applyRows(start === 0 ? events : events.slice(start), context);
  },
};

/**
 * Two contacts of one person become one: the other contact's tickets and messages are this contact's (and this
 * stream's) from now on, and the other contact is gone; when this stream had no contact, the other one simply takes
 * this number. The console hears of each moved ticket.
 */
async function applyMerge(event: RecordedEvent, { trx, emit, rebuilding }: ProjectionContext): Promise<void> {
  const d = event.data as Extract<ContactStreamEvent, { type: 'ContactMerged' }>['data'];
  const companyId = event.metadata.companyId;
  if (d.contactId === d.fromContactId) {
    await trx('contacts').where({ id: d.contactId, company_id: companyId }).update({ number: d.number, stream_id: event.streamId });
  } else {
    await trx('tickets').where({ contact_id: d.fromContactId, company_id: companyId }).update({ contact_id: d.contactId });
    await trx('messages').where({ contact_id: d.fromContactId, company_id: companyId }).update({ contact_id: d.contactId });
    await trx('contacts').where({ id: d.fromContactId, company_id: companyId }).delete();
  }
  await trx('tickets').where({ contact_id: d.contactId, company_id: companyId, stream_id: d.fromStreamId }).update({ stream_id: event.streamId });
  if (rebuilding) return;
  const moved = (await trx('tickets').where({ contact_id: d.contactId, company_id: companyId }).whereIn('id', d.tickets.map((t) => t.id))) as TicketRow[];
  const contact = (await trx('contacts').where({ id: d.contactId }).first()) as ContactRow | undefined;
  if (!contact || moved.length === 0) return;
  const directory = await loadDirectory(trx, [companyId]);
  for (const ticket of moved) {
    emit({ companyId, channel: 'ticket', payload: { action: 'update', ticket: toTicket(ticket, contact, directory) } satisfies TicketFeedPayload, audience: ticketAudience(ticket) });
  }
}

async function applyRows(events: RecordedEvent[], { trx, emit, rebuilding }: ProjectionContext): Promise<void> {
  {
    // Live, feed entries read rows as they were at an event (a message update's `messageAt`, a ticket's agent
    // before `TicketAccepted`), so updates copy rows; a rebuild emits nothing and changes them in place.
    const contacts = new RowCache<ContactRow>(trx, 'contacts', 'id', { inPlace: rebuilding });
    const tickets = new RowCache<TicketRow>(trx, 'tickets', 'id', { inPlace: rebuilding });
    const messages = new RowCache<MessageRow>(trx, 'messages', 'key', { inPlace: rebuilding });
    const contactIds = new Set<number>();
    const ticketIds = new Set<number>();
    const messageKeys = new Set<string>();
    // Rows an event of this batch writes whole before any other event of the batch touches them need no load:
    // in a rebuild that is most of them.
    const createdContacts = new Set<number>();
    const createdTickets = new Set<number>();
    const createdMessages = new Set<string>();
    for (const e of events) {
      const d = e.data as Record<string, unknown>;
      if (typeof d.contactId === 'number' && !createdContacts.has(d.contactId)) {
        if (e.type === 'ContactCreated') createdContacts.add(d.contactId);
        else contactIds.add(d.contactId);
      }
      if (typeof d.ticketId === 'number' && !createdTickets.has(d.ticketId)) {
        if (e.type === 'TicketOpened') createdTickets.add(d.ticketId);
        else ticketIds.add(d.ticketId);
      }
      if (typeof d.messageId === 'string') {
        const key = messageKey(e.metadata.companyId, d.messageId);
        // Quoted messages are loaded below, only for realtime entries.
        if (CREATES_MESSAGE.has(e.type)) createdMessages.add(key);
        else if (!createdMessages.has(key)) messageKeys.add(key);
      }
    }
    await tickets.load(ticketIds);
    for (const id of ticketIds) {
      const t = tickets.get(id);
      if (t) contactIds.add(t.contact_id);
    }
    await contacts.load(contactIds);
    await messages.load(messageKeys);

    // Realtime entries are built after all rows of the batch are folded, from the final rows; a message update keeps
    // its row as of that event, so that each delivery state (sent, delivered, read) is told even within one batch.
    const touched: Touched[] = [];
    const deleted: StreamRows['deleted'] = [];

    const rows: StreamRows = { contacts, tickets, messages, touched, deleted };
    for (const e of events) (streamFolds[e.type as ContactStreamEvent['type']] as Fold | undefined)?.(rows, e, e.data as never);
    await contacts.flush();
    await tickets.flush();
    await messages.flush();
    // Deleted last: an earlier event of the batch may have written the ticket above.
    for (const { ticket } of deleted) {
      await trx('messages').where({ ticket_id: ticket.id }).delete();
      await trx('tickets').where({ id: ticket.id }).delete();
    }
    if (!rebuilding) {
      for (const { companyId, ticket } of deleted) {
        emit({ companyId, channel: 'ticket', payload: { action: 'delete', ticketId: ticket.id } satisfies TicketFeedPayload, audience: ticketAudience(ticket) });
      }
    }
    const deletedIds = new Set(deleted.map((d) => d.ticket.id));
    if (rebuilding || touched.length === 0) return;

    const companies = [...new Set(touched.map((t) => t.event.metadata.companyId))];
    const directory = await loadDirectory(trx, companies);
    const quotedKeys = new Set<string>();
    for (const t of touched) {
      const m = t.messageKey ? messages.get(t.messageKey) : null;
      if (m?.quoted_id) quotedKeys.add(messageKey(m.company_id, m.quoted_id));
    }
    await messages.load(quotedKeys);
    // Every ticket payload is built from the final rows, so a ticket touched several times in a batch needs one
    // `update` entry, at its last touch, for everyone who should hear of it (also an agent who lost it meanwhile).
    const emitsUpdate = (t: (typeof touched)[number]) => !t.unreadReset && (!t.messageKey || CREATES_MESSAGE.has(t.event.type));
    const lastUpdate = new Map<number, { index: number; also: Array<number | null> }>();
    touched.forEach((t, index) => {
      if (!emitsUpdate(t)) return;
      const also = lastUpdate.get(t.ticketId)?.also ?? [];
      also.push(t.previousUserId ?? null);
      lastUpdate.set(t.ticketId, { index, also });
    });
    const leftPending = new Set(touched.filter((t) => LEAVES_PENDING.has(t.event.type)).map((t) => t.ticketId));
    const payloads = new Map<number, ReturnType<typeof toTicket>>();
    touched.forEach((t, index) => {
      if (deletedIds.has(t.ticketId)) return;
      const ticket = tickets.get(t.ticketId);
      const contact = ticket ? contacts.get(ticket.contact_id) : null;
      if (!ticket || !contact) return;
      const companyId = ticket.company_id;
      let payload = payloads.get(ticket.id);
      if (!payload) payloads.set(ticket.id, (payload = toTicket(ticket, contact, directory)));
      const audience = ticketAudience(ticket, [t.previousUserId ?? null]);
      if (t.messageKey) {
        const message = t.messageAt ?? messages.get(t.messageKey)!;
        const quoted = message.quoted_id ? (messages.get(messageKey(companyId, message.quoted_id)) ?? null) : null;
        const action = CREATES_MESSAGE.has(t.event.type) ? 'create' : 'update';
        const body: AppMessageFeedPayload = { action, message: toMessage(message, contact, quoted), ticket: payload, contact: payload.contact };
        emit({ companyId, channel: 'appMessage', payload: body, audience });
      }
      if (t.unreadReset) {
        emit({ companyId, channel: 'ticket', payload: { action: 'updateUnread', ticketId: ticket.id } satisfies TicketFeedPayload, audience });
      }
      const update = lastUpdate.get(ticket.id);
      if (update?.index === index) {
        emit({ companyId, channel: 'ticket', payload: { action: 'update', ticket: payload } satisfies TicketFeedPayload, audience: ticketAudience(ticket, update.also, leftPending.has(ticket.id)) });
      }
    });
  }
}
