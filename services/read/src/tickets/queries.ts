import type { Knex } from 'knex';
import { MESSAGE_COUNT_CAP, TICKET_COUNT_CAP, type ListMessagesResponse, type MediaType, type ListTicketsQuery, type ListTicketsResponse, type Message, type Ticket, type Viewer } from '@atendo/contracts';
import { Params, contactMatchSql, containing, foldedSql, lastMessageMatchSql, matchingTicketSearch } from '../search.js';
import { prepared } from '../prepared.js';
import { loadDirectory, messageKey, toMessage, toTicket, type ContactRow, type Directory, type MessageRow, type TicketRow } from './rows.js';

export const TICKETS_PAGE_SIZE = 40;

/**
 * The columns of a ticket's row that its answer reads (TicketRow), its times as milliseconds since the epoch: a
 * number is far cheaper for the driver to hand over than a timestamp, whose text it parses with a regular expression
 * (two a ticket, 82 a page).
 */
const TICKET_COLUMNS = [
  ...['id', 'uuid', 'company_id', 'status', 'user_id', 'queue_id', 'whatsapp_id', 'contact_id', 'last_message', 'unread_messages', 'is_group', 'chatbot', 'prompt_id', 'integration_id'].map((c) => `t.${c}`),
  ...['created_at', 'updated_at'].map((c) => `floor(extract(epoch FROM t.${c}) * 1000)::float8 AS ${c}`),
].join(', ');

/** What a page's row carries besides the ticket: its contact and the names it shows, and the capped count. */
interface PageExtras {
  c_name: string;
  c_number: string;
  c_email: string;
  c_profile_pic_url: string;
  u_name: string | null;
  q_name: string | null;
  q_color: string | null;
  w_name: string | null;
  total: string | number;
  tag_list: Array<{ id: number | string; name: string; color: string }>;
}

/** A page's end, as the next page starts below it: `{updatedAt ISO}_{id}`. */
export function writeCursor(row: Pick<TicketRow, 'updated_at' | 'id'>): string {
  return `${new Date(row.updated_at).toISOString()}_${Number(row.id)}`;
}

export function readCursor(cursor: string): { updatedAt: string; id: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,15})$/.exec(cursor);
  if (!m || Number.isNaN(Date.parse(m[1]!))) return null;
  return { updatedAt: m[1]!, id: Number(m[2]) };
}
export const MESSAGES_PAGE_SIZE = 20;

/** A ticket with what commands need to reach it: its stream and the contact's number. */
export interface TicketRecord {
  ticket: Ticket;
  streamId: string;
}

/**
 * Who may see a ticket (issue 11), as SQL on `t`: admins all (null: no condition); others their own, their queues'
 * tickets, and — with `allTicket` — pending tickets that have no queue yet. `add` gives a value's placeholder.
 */
function visibilitySql(viewer: Viewer, add: (value: unknown) => string): string | null {
  if (viewer.profile === 'admin') return null;
  const ways = [`t.user_id = ${add(viewer.userId)}`];
  if (viewer.queueIds.length) ways.push(`t.queue_id = ANY(${add(viewer.queueIds)}::bigint[])`);
  if (viewer.allTicket) ways.push(`(t.queue_id IS NULL AND t.status = 'pending')`);
  return `(${ways.join(' OR ')})`;
}

/** `query` (on tickets as `t`) narrowed to the tickets the viewer may see. */
export function visibleTo(query: Knex.QueryBuilder, viewer: Viewer): Knex.QueryBuilder {
  const bindings: Knex.RawBinding[] = [];
  const sql = visibilitySql(viewer, (value) => (bindings.push(value as Knex.RawBinding), '?'));
  return sql ? query.whereRaw(sql, bindings) : query;
}

export function canSeeTicket(viewer: Viewer, ticket: Pick<Ticket, 'queueId' | 'userId' | 'companyId' | 'status'>): boolean {
  if (ticket.companyId !== viewer.companyId) return false;
  if (viewer.profile === 'admin') return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return ticket.status === 'pending' && viewer.allTicket === true;
  return viewer.queueIds.includes(ticket.queueId);
}

export async function withRelations(knex: Knex, rows: TicketRow[]): Promise<Ticket[]> {
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

  /** How many open tickets each of these users holds (the agent capacity's measure). */
  async openLoad(companyId: number, userIds: number[]): Promise<Map<number, number>> {
    const load = new Map(userIds.map((id) => [id, 0]));
    if (!userIds.length) return load;
    const rows = (await this.knex('tickets').where({ company_id: companyId, status: 'open' }).whereIn('user_id', userIds).groupBy('user_id').select('user_id').count('* as n')) as Array<{ user_id: string | number; n: string | number }>;
    for (const r of rows) load.set(Number(r.user_id), Number(r.n));
    return load;
  }

  /**
   * A page of the tickets the viewer may see that match the query, newest first, with the count capped at
   * TICKET_COUNT_CAP. Written as SQL and run as a prepared statement (one text per shape of query, its values as
   * parameters): the list is the product's most asked question, and planning it cost as much as running it.
   */
  async listTickets(viewer: Viewer, query: ListTicketsQuery): Promise<ListTicketsResponse> {
    const page = Math.max(1, query.pageNumber ?? 1);
    const companyId = viewer.companyId;
    // A search reads what it matches first, alone, from the search indexes (search.ts): contacts whose name or
    // number holds the text, tickets whose last message does. The list then takes those ids as arrays.
    const typed = query.searchParam?.trim() ? query.searchParam : undefined;
    const [contactIds, ticketIds] = typed === undefined ? [] : await matchingTicketSearch(this.knex, companyId, typed);
    const p = new Params();
    // More contacts matching than an array should carry (a word most names hold): read once, for the page and its
    // count alike, by the search indexes (not tested name by name inside the walk of the list).
    const searched =
      typed !== undefined && contactIds === null
        ? `searched AS MATERIALIZED (SELECT c.id FROM contacts c WHERE c.company_id = ${p.add(companyId)} AND ${contactMatchSql(p, typed, { numberAnywhere: true, alias: 'c.' })})`
        : undefined;
    const where = [`t.company_id = ${p.add(companyId)}`];
    if (typed !== undefined) {
      const byContact = contactIds ? `t.contact_id = ANY(${p.add(contactIds)}::bigint[])` : 't.contact_id IN (SELECT id FROM searched)';
      const byMessage = ticketIds ? `t.id = ANY(${p.add(ticketIds)}::bigint[])` : lastMessageMatchSql(p, typed, { alias: 't.' });
      where.push(`(${byContact} OR ${byMessage})`);
    }
    // The assigned tab shows one's own tickets unless an admin asks for everyone's.
    const ownOnly = query.status === 'open' && !(query.showAll && viewer.profile === 'admin');
    // One's own tickets are always visible to one: the visibility's alternatives would only make PostgreSQL read each
    // ticket's row for its queue (an agent's assigned tab, counted to the cap, went from 3.3 ms to 0.3 ms without).
    const visible = ownOnly ? null : visibilitySql(viewer, (value) => p.add(value));
    if (visible) where.push(visible);
    if (query.status) where.push(`t.status = ${p.add(query.status)}`);
    if (ownOnly) where.push(`t.user_id = ${p.add(viewer.userId)}`);
    if (query.queueIds?.length) where.push(`(t.queue_id = ANY(${p.add(query.queueIds)}::bigint[]) OR t.queue_id IS NULL)`);
    if (query.users?.length && viewer.profile === 'admin') where.push(`t.user_id = ANY(${p.add(query.users)}::bigint[])`);
    if (query.withUnreadMessages) where.push('t.unread_messages > 0');
    // Tickets carrying any of these tags (tags/tagsProjection.ts keeps ticket_tags).
    if (query.tags?.length) where.push(`EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ANY(${p.add(query.tags)}::bigint[]))`);
    if (query.date) where.push(`t.created_at::date = ${p.add(query.date)}::date`);
    if (query.updatedAt) where.push(`t.updated_at::date = ${p.add(query.updatedAt)}::date`);
    const matching = where.join(' AND ');
    // The parameters the matching rows take (the page's own come after them).
    const matchingParams = p.values.slice();
    // After a cursor: the rows below it in the list's index order (updated_at, id), not an offset that reads and skips.
    const after = query.cursor ? readCursor(query.cursor) : null;
    const below = after ? ` AND (t.updated_at, t.id) < (${p.add(after.updatedAt)}::timestamptz, ${p.add(after.id)}::bigint)` : '';
    const offset = after || page === 1 ? '' : ` OFFSET ${p.add((page - 1) * TICKETS_PAGE_SIZE)}`;
    // The badge's number, capped. A list filtered by nothing but status, queue, agent and visibility sums the few rows
    // of ticket_counts its filters select (counts.ts: the same conditions hold on its columns, under the same alias).
    // Any other is counted up to the cap in the list's order, so the planner walks the list's index for at most that
    // many entries instead of scanning the table.
    const byGroups = typed === undefined && !query.withUnreadMessages && !query.tags?.length && !query.date && !query.updatedAt;
    const capped = byGroups
      ? `SELECT least(coalesce(sum(t.n), 0), ${TICKET_COUNT_CAP + 1}) AS n FROM ticket_counts t WHERE ${matching}`
      : `SELECT count(*) AS n FROM (SELECT 1 FROM tickets t WHERE ${matching} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${TICKET_COUNT_CAP + 1}) capped`;
    // One round trip: the page (one more than a page says whether there is a next one, without counting), its
    // contacts, the names it shows, its tags by name, and the capped count.
    const text = `WITH ${searched ? `${searched}, ` : ''}page AS (
        SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${matching}${below}
        ORDER BY t.updated_at DESC, t.id DESC LIMIT ${TICKETS_PAGE_SIZE + 1}${offset}
      ), total AS (${capped})
      SELECT p.*, c.name AS c_name, c.number AS c_number, c.email AS c_email, c.profile_pic_url AS c_profile_pic_url,
        u.name AS u_name, q.name AS q_name, q.color AS q_color, w.name AS w_name, total.n AS total,
        (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name), '[]')
           FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = p.id) AS tag_list
      FROM page p CROSS JOIN total
      JOIN contacts c ON c.id = p.contact_id
      LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN queues q ON q.id = p.queue_id
      LEFT JOIN whatsapps w ON w.id = p.whatsapp_id
      ORDER BY p.updated_at DESC, p.id DESC`;
    // One plan for every value unless a search's matches are read by subquery (how many a word matches is what
    // the plan should know there).
    const generic = typed === undefined || (contactIds !== null && ticketIds !== null);
    const rows = await prepared<Omit<TicketRow, 'stream_id'> & PageExtras>(this.knex, text, p.values, { generic });
    // A page past the end has no row to carry the count: it is asked alone (the same parameters, less the page's).
    const count = rows.length ? Number(rows[0]!.total) : page === 1 && !after ? 0 : Number((await prepared<{ n: number }>(this.knex, `${searched ? `WITH ${searched} ` : ''}${capped}`, matchingParams, { generic }))[0]!.n);
    const hasMore = rows.length > TICKETS_PAGE_SIZE;
    const shown = rows.slice(0, TICKETS_PAGE_SIZE);
    const last = shown[shown.length - 1];
    const tickets = shown.map((r) => {
      const contact = { id: r.contact_id, company_id: r.company_id, name: r.c_name, number: r.c_number, email: r.c_email, profile_pic_url: r.c_profile_pic_url } as ContactRow;
      const directory: Directory = {
        users: new Map(r.user_id !== null && r.u_name !== null ? [[r.user_id, r.u_name]] : []),
        queues: new Map(r.queue_id !== null && r.q_name !== null ? [[r.queue_id, { id: r.queue_id, name: r.q_name, color: r.q_color! }]] : []),
        whatsapps: new Map(r.w_name !== null ? [[r.whatsapp_id, r.w_name]] : []),
      };
      return { ...toTicket(r, contact, directory), tags: r.tag_list.map((g) => ({ id: Number(g.id), name: g.name, color: g.color })) };
    });
    return { tickets, count, hasMore, ...(hasMore && last ? { next: writeCursor(last) } : {}) };
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

  /**
   * Page 1 holds the newest messages; each page is returned oldest first, as the chat shows it. After a cursor (the
   * oldest ordinal shown), the messages before it, read along the ticket's index; otherwise page `pageNumber`.
   */
  async listMessages(companyId: number, ticket: Ticket, pageNumber: number, cursor?: string): Promise<ListMessagesResponse> {
    const page = Math.max(1, pageNumber);
    const base = () => this.knex('messages').where({ company_id: companyId, ticket_id: ticket.id });
    // Counted up to a cap, along the same index: at most that many entries whatever the conversation's length.
    const capped = this.knex.from(base().select(this.knex.raw('1')).orderBy('ordinal', 'desc').limit(MESSAGE_COUNT_CAP + 1).as('capped')).count<{ n: string }[]>('* as n');
    let pageQuery = base().orderBy('ordinal', 'desc').limit(MESSAGES_PAGE_SIZE + 1);
    pageQuery = cursor ? pageQuery.where('ordinal', '<', cursor) : pageQuery.offset((page - 1) * MESSAGES_PAGE_SIZE);
    const [[{ n }], rows] = (await Promise.all([capped, pageQuery])) as [[{ n: string }], MessageRow[]];
    const hasMore = rows.length > MESSAGES_PAGE_SIZE;
    const shown = rows.slice(0, MESSAGES_PAGE_SIZE);
    const oldest = shown[shown.length - 1];
    const messages = await this.toMessages(companyId, shown.reverse());
    return { messages, ticket, count: Number(n), hasMore, ...(hasMore && oldest ? { next: String(oldest.ordinal) } : {}) };
  }

  /**
   * A ticket's messages whose text holds `search` (case and accents aside), newest first, at most `limit`: the search
   * within a ticket. `%` and `_` are themselves.
   */
  async searchMessages(companyId: number, ticket: Ticket, search: string, limit = 50): Promise<Message[]> {
    const rows = (await this.knex('messages')
      .where({ company_id: companyId, ticket_id: ticket.id, is_deleted: false })
      .whereRaw(`${foldedSql('body')} LIKE ${foldedSql('?')}`, [containing(search)])
      .orderBy('ordinal', 'desc')
      .limit(limit)) as MessageRow[];
    return this.toMessages(companyId, rows);
  }

  /** A message by id, with its conversation's stream and, for one the platform sent, the agent who wrote it. */
  async findMessage(companyId: number, id: string): Promise<{ message: Message; streamId: string; userId: number | null } | null> {
    const row = (await this.knex('messages').where({ key: messageKey(companyId, id) }).first()) as MessageRow | undefined;
    if (!row) return null;
    const [message] = await this.toMessages(companyId, [row]);
    const ticket = (await this.knex('tickets').where({ id: row.ticket_id }).first('stream_id')) as { stream_id: string };
    return { message: message!, streamId: ticket.stream_id, userId: row.user_id === null ? null : Number(row.user_id) };
  }

  /** The stream of the conversation a sent message belongs to, by the provider's id (for acks). */
  /**
   * Each connection's outbox as users meet it: replies queued and not sent yet (no outcome recorded), and how long the
   * oldest has waited. Read from the `messages_outbox` index, so it costs what is pending, not what was sent.
   */
  async pendingSends(): Promise<Array<{ whatsappId: number; pending: number; oldestSeconds: number }>> {
    const { rows } = (await this.knex.raw(
      `SELECT whatsapp_id, count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest
         FROM messages WHERE from_me AND provider_message_id IS NULL AND NOT failed AND NOT is_deleted
        GROUP BY whatsapp_id ORDER BY whatsapp_id`,
    )) as { rows: Array<{ whatsapp_id: string; pending: number; oldest: number }> };
    return rows.map((r) => ({ whatsappId: Number(r.whatsapp_id), pending: r.pending, oldestSeconds: Math.max(0, Math.round(r.oldest)) }));
  }

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
