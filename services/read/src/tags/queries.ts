import type { Knex } from 'knex';
import { KANBAN_MAX_TICKETS, TAGS_PAGE_SIZE, type Tag, type TagPage, type Ticket, type Viewer } from '@atendo/contracts';
import { visibleTo, withRelations } from '../tickets/queries.js';
import type { TicketRow } from '../tickets/rows.js';

interface TagRow {
  id: string | number;
  name: string;
  color: string;
  kanban: number;
  user_id: string | number | null;
  tickets_count?: string | number;
}

export const toTag = (r: TagRow): Tag => ({
  id: Number(r.id),
  name: r.name,
  color: r.color,
  kanban: Number(r.kanban) === 1 ? 1 : 0,
  userId: r.user_id === null ? null : Number(r.user_id),
  ticketsCount: Number(r.tickets_count ?? 0),
});

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
const likeTerm = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class TagQueries {
  constructor(private readonly knex: Knex) {}

  /** The company's tags with how many tickets carry each. */
  private tags() {
    return this.knex('tags as g').select('g.*', this.knex.raw('(SELECT count(*) FROM ticket_tags tt WHERE tt.tag_id = g.id) AS tickets_count'));
  }

  /** One page of the company's tags by name; `hasMore` without counting them all. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<TagPage> {
    const query = this.tags().where('g.company_id', companyId);
    if (searchParam.trim()) query.whereRaw("lower(g.name) LIKE ? ESCAPE '\\'", [likeTerm(searchParam)]);
    const rows = (await query
      .orderByRaw('lower(g.name), g.id')
      .limit(TAGS_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * TAGS_PAGE_SIZE)) as TagRow[];
    return { tags: rows.slice(0, TAGS_PAGE_SIZE).map(toTag), hasMore: rows.length > TAGS_PAGE_SIZE };
  }

  /** Every tag of the company by name (the selects), or only its kanban lanes. */
  async all(companyId: number, only?: { kanban: 0 | 1 }): Promise<Tag[]> {
    const query = this.tags().where('g.company_id', companyId);
    if (only) query.where('g.kanban', only.kanban);
    return ((await query.orderByRaw('lower(g.name), g.id')) as TagRow[]).map(toTag);
  }

  async find(companyId: number, id: number): Promise<Tag | undefined> {
    const row = (await this.tags().where({ 'g.company_id': companyId, 'g.id': id }).first()) as TagRow | undefined;
    return row ? toTag(row) : undefined;
  }

  /** Which of `ids` are tags of the company. */
  async existing(companyId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = (await this.knex('tags').where({ company_id: companyId }).whereIn('id', ids).select('id')) as Array<{ id: string | number }>;
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** The ids of the tags a ticket carries. */
  async tagIdsOf(companyId: number, ticketId: number): Promise<number[]> {
    const rows = (await this.knex('ticket_tags').where({ company_id: companyId, ticket_id: ticketId }).orderBy('tag_id').select('tag_id')) as Array<{ tag_id: string | number }>;
    return rows.map((r) => Number(r.tag_id));
  }

  /** The tickets with their tags (name and colour, by name). */
  async withTags(tickets: Ticket[]): Promise<Ticket[]> {
    if (!tickets.length) return tickets;
    const rows = (await this.knex('ticket_tags as tt')
      .join('tags as g', 'g.id', 'tt.tag_id')
      .whereIn('tt.ticket_id', tickets.map((t) => t.id))
      .orderByRaw('lower(g.name), g.id')
      .select('tt.ticket_id', 'g.id', 'g.name', 'g.color')) as Array<{ ticket_id: string | number; id: string | number; name: string; color: string }>;
    const byTicket = new Map<number, Ticket['tags']>();
    for (const r of rows) {
      const list = byTicket.get(Number(r.ticket_id)) ?? [];
      list.push({ id: Number(r.id), name: r.name, color: r.color });
      byTicket.set(Number(r.ticket_id), list);
    }
    return tickets.map((t) => ({ ...t, tags: byTicket.get(t.id) ?? [] }));
  }

  /**
   * The kanban's tickets: the open and pending ones the viewer sees (admins all, others their queues' and their own),
   * only of `queueIds` when given, the most recently updated first, each with its tags.
   */
  async kanbanTickets(viewer: Viewer, queueIds?: number[]): Promise<Ticket[]> {
    let query = this.knex('tickets as t').where('t.company_id', viewer.companyId).whereIn('t.status', ['open', 'pending']);
    query = visibleTo(query, viewer);
    if (queueIds?.length) query = query.where((w) => w.whereIn('t.queue_id', queueIds).orWhereNull('t.queue_id'));
    const rows = (await query
      .select('t.*')
      .orderBy([{ column: 't.updated_at', order: 'desc' }, { column: 't.id', order: 'desc' }])
      .limit(KANBAN_MAX_TICKETS)) as TicketRow[];
    return this.withTags(await withRelations(this.knex, rows));
  }
}
