import type { Knex } from 'knex';
import type { TicketNote } from '@atendo/contracts';

type Row = { id: string | number; note: string; ticket_id: string | number; contact_id: string | number; user_id: string | number; user_name: string | null; created_at: Date };

const toNote = (r: Row): TicketNote => ({
  id: Number(r.id),
  note: r.note,
  ticketId: Number(r.ticket_id),
  contactId: Number(r.contact_id),
  // A deleted user's notes stay, without a name.
  user: { id: Number(r.user_id), name: r.user_name ?? '' },
  createdAt: new Date(r.created_at).toISOString(),
});

export class TicketNoteQueries {
  constructor(private readonly knex: Knex) {}

  private select() {
    return this.knex('ticket_notes as n').leftJoin('users as u', 'u.id', 'n.user_id').select('n.*', 'u.name as user_name');
  }

  /** A ticket's notes, newest first. */
  async list(companyId: number, ticketId: number, contactId: number): Promise<TicketNote[]> {
    const rows = await this.select().where({ 'n.company_id': companyId, 'n.ticket_id': ticketId, 'n.contact_id': contactId }).orderBy([{ column: 'n.created_at', order: 'desc' }, { column: 'n.id', order: 'desc' }]);
    return rows.map(toNote);
  }

  async find(companyId: number, id: number): Promise<TicketNote | undefined> {
    const row = await this.select().where({ 'n.company_id': companyId, 'n.id': id }).first();
    return row ? toNote(row) : undefined;
  }
}
