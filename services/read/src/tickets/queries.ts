import type { Knex } from 'knex';
import type { ListMessagesResponse, MediaType, ListTicketsQuery, ListTicketsResponse, Message, Ticket, Viewer } from '@atendo/contracts';
import { loadDirectory, messageKey, toMessage, toTicket, type ContactRow, type MessageRow, type TicketRow } from './rows.js';

export const TICKETS_PAGE_SIZE = 40;
export const MESSAGES_PAGE_SIZE = 20;

/** A ticket with what commands need to reach it: its stream and the contact's number. */
export interface TicketRecord {
  ticket: Ticket;
  streamId: string;
}

/** Who may see a ticket: admins all; others their queues' tickets, queue-less ones, and their own. */
function visibleTo(query: Knex.QueryBuilder, viewer: Viewer): Knex.QueryBuilder {
  if (viewer.profile === 'admin') return query;
  return query.where((q) => {
    q.whereNull('t.queue_id').orWhere('t.user_id', viewer.userId);
    if (viewer.queueIds.length) q.orWhereIn('t.queue_id', viewer.queueIds);
  });
}

export function canSeeTicket(viewer: Viewer, ticket: Pick<Ticket, 'queueId' | 'userId' | 'companyId'>): boolean {
  if (ticket.companyId !== viewer.companyId) return false;
  if (viewer.profile === 'admin') return true;
  return ticket.queueId === null || ticket.userId === viewer.userId || viewer.queueIds.includes(ticket.queueId);
}

async function withRelations(knex: Knex, rows: TicketRow[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const contactRows = (await knex('contacts').whereIn('id', [...new Set(rows.map((r) => r.contact_id))])) as ContactRow[];
  const contacts = new Map(contactRows.map((c) => [c.id, c]));
  const directory = await loadDirectory(knex, [...new Set(rows.map((r) => r.company_id))]);
  return rows.flatMap((r) => {
    const contact = contacts.get(r.contact_id);
    return contact ? [toTicket(r, contact, directory)] : [];
  });
}

export class TicketQueries {
  constructor(private readonly knex: Knex) {}

  async listTickets(viewer: Viewer, query: ListTicketsQuery): Promise<ListTicketsResponse> {
    const page = Math.max(1, query.pageNumber ?? 1);
    const base = () => {
      let q = this.knex('tickets as t').where('t.company_id', viewer.companyId);
      q = visibleTo(q, viewer);
      if (query.status) q = q.where('t.status', query.status);
      // The assigned tab shows one's own tickets unless an admin asks for everyone's.
      if (query.status === 'open' && !(query.showAll && viewer.profile === 'admin')) q = q.where('t.user_id', viewer.userId);
      if (query.queueIds?.length) q = q.where((w) => w.whereIn('t.queue_id', query.queueIds!).orWhereNull('t.queue_id'));
      if (query.users?.length && viewer.profile === 'admin') q = q.whereIn('t.user_id', query.users);
      if (query.withUnreadMessages) q = q.where('t.unread_messages', '>', 0);
      if (query.date) q = q.whereRaw('t.created_at::date = ?::date', [query.date]);
      if (query.updatedAt) q = q.whereRaw('t.updated_at::date = ?::date', [query.updatedAt]);
      if (query.searchParam?.trim()) {
        const term = `%${query.searchParam.trim().toLowerCase()}%`;
        q = q
          .join('contacts as c', 'c.id', 't.contact_id')
          .where((w) => w.whereRaw('lower(c.name) LIKE ?', [term]).orWhere('c.number', 'like', term).orWhereRaw('lower(t.last_message) LIKE ?', [term]));
      }
      return q;
    };
    const [{ count }] = (await base().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const rows = (await base()
      .select('t.*')
      .orderBy([{ column: 't.updated_at', order: 'desc' }, { column: 't.id', order: 'desc' }])
      .limit(TICKETS_PAGE_SIZE)
      .offset((page - 1) * TICKETS_PAGE_SIZE)) as TicketRow[];
    return { tickets: await withRelations(this.knex, rows), count: Number(count), hasMore: page * TICKETS_PAGE_SIZE < Number(count) };
  }

  /** A contact of the company and the stream its conversation lives in. */
  async findContact(companyId: number, id: number): Promise<{ id: number; name: string; number: string; isGroup: boolean; streamId: string } | null> {
    const row = await this.knex('contacts').where({ company_id: companyId, id }).first('id', 'name', 'number', 'is_group', 'stream_id');
    return row ? { id: Number(row.id), name: row.name, number: row.number, isGroup: row.is_group, streamId: row.stream_id } : null;
  }

  async findTicket(companyId: number, by: { id: number } | { uuid: string }): Promise<TicketRecord | null> {
    const where = 'id' in by ? { id: by.id } : { uuid: by.uuid };
    const row = (await this.knex('tickets').where({ company_id: companyId, ...where }).first()) as TicketRow | undefined;
    if (!row) return null;
    const [ticket] = await withRelations(this.knex, [row]);
    return ticket ? { ticket, streamId: row.stream_id } : null;
  }

  /** Page 1 holds the newest messages; each page is returned oldest first, as the chat shows it. */
  async listMessages(companyId: number, ticket: Ticket, pageNumber: number): Promise<ListMessagesResponse> {
    const page = Math.max(1, pageNumber);
    const base = () => this.knex('messages').where({ company_id: companyId, ticket_id: ticket.id });
    const [{ count }] = (await base().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const rows = (await base().orderBy('ordinal', 'desc').limit(MESSAGES_PAGE_SIZE).offset((page - 1) * MESSAGES_PAGE_SIZE)) as MessageRow[];
    const messages = await this.toMessages(companyId, rows.reverse());
    return { messages, ticket, count: Number(count), hasMore: page * MESSAGES_PAGE_SIZE < Number(count) };
  }

  async findMessage(companyId: number, id: string): Promise<{ message: Message; streamId: string } | null> {
    const row = (await this.knex('messages').where({ key: messageKey(companyId, id) }).first()) as MessageRow | undefined;
    if (!row) return null;
    const [message] = await this.toMessages(companyId, [row]);
    const ticket = (await this.knex('tickets').where({ id: row.ticket_id }).first('stream_id')) as { stream_id: string };
    return { message: message!, streamId: ticket.stream_id };
  }

  /** The stream of the conversation a sent message belongs to, by the provider's id (for acks). */
  /**
   * Replies whose send had an unknown outcome and that no ack has settled yet, oldest first: a gateway starting after
   * a crash sends them again with the same key (the channel delivers each once). Only the last day's: older ones
   * are left for a person to judge.
   */
  async unsettledReplies(
    limit = 10_000,
  ): Promise<Array<{ messageId: string; providerMessageId: string; whatsappId: number; number: string; body: string; mediaUrl: string | null; mediaType: MediaType }>> {
    const rows = (await this.knex('messages as m')
      .join('contacts as c', 'c.id', 'm.contact_id')
      .where({ 'm.from_me': true, 'm.ack': 0, 'm.failed': false })
      .whereNotNull('m.provider_message_id')
      .andWhere('m.created_at', '>', this.knex.raw("now() - interval '1 day'"))
      .orderBy('m.ordinal')
      .limit(limit)
      .select('m.id', 'm.provider_message_id', 'm.whatsapp_id', 'c.number', 'm.body', 'm.media_url', 'm.media_type')) as Array<{
      id: string;
      provider_message_id: string;
      whatsapp_id: number;
      number: string;
      body: string;
      media_url: string | null;
      media_type: MediaType;
    }>;
    return rows.map((r) => ({ messageId: r.id, providerMessageId: r.provider_message_id, whatsappId: r.whatsapp_id, number: r.number, body: r.body, mediaUrl: r.media_url, mediaType: r.media_type }));
  }

  /** The body of a message this platform sent on a connection, by WhatsApp's id (for WhatsApp's retry requests). */
  async sentMessageBody(whatsappId: number, providerMessageId: string): Promise<string | null> {
    const row = await this.knex('messages').where({ whatsapp_id: whatsappId, provider_message_id: providerMessageId, from_me: true }).first('body');
    return row ? (row.body as string) : null;
  }

  async streamOfProviderMessage(whatsappId: number, providerMessageId: string): Promise<string | null> {
    const row = await this.knex('messages as m')
      .join('tickets as t', 't.id', 'm.ticket_id')
      .where({ 'm.whatsapp_id': whatsappId, 'm.provider_message_id': providerMessageId })
      .first('t.stream_id');
    return (row?.stream_id as string | undefined) ?? null;
  }

  private async toMessages(companyId: number, rows: MessageRow[]): Promise<Message[]> {
    if (rows.length === 0) return [];
    const contacts = new Map(
      ((await this.knex('contacts').whereIn('id', [...new Set(rows.map((r) => r.contact_id))])) as ContactRow[]).map((c) => [c.id, c]),
    );
    const quotedIds = rows.flatMap((r) => (r.quoted_id ? [messageKey(companyId, r.quoted_id)] : []));
    const quoted = new Map(
      quotedIds.length ? ((await this.knex('messages').whereIn('key', quotedIds)) as MessageRow[]).map((m) => [m.id, m]) : [],
    );
    return rows.map((r) => toMessage(r, contacts.get(r.contact_id)!, r.quoted_id ? (quoted.get(r.quoted_id) ?? null) : null));
  }
}
